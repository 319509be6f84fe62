from django.apps import AppConfig


class LearningConfig(AppConfig):
    name = "learning"
    verbose_name = "Classifier models"

    def ready(self) -> None:
        from comparison import sources
        from gold.exports.included import register_vector_source
        from gold.links import register_corpus_link
        from learning.exports import CLASSIFIER as EXPORTED_CLASSIFIER
        from learning.sources import CLASSIFIER

        # Stored predictions are label vectors like any other: diffs (/staff/diff/) show
        # classifier:<model> against gold or a submission, and gold exports include them
        # (--include classifier:<model>). comparison and gold import nothing of learning
        # (docs/architecture.md, "Registration seams").
        sources.register(CLASSIFIER)
        register_vector_source(EXPORTED_CLASSIFIER)
        # The corpus dashboard (/staff/gold/SLUG/) links what suggestions change there.
        register_corpus_link("suggestions", suggestions_link)


def suggestions_link(corpus):
    """The suggestions page of a corpus whose learning settings are on record."""
    from django.urls import reverse

    from learning.models import CorpusLearning

    if not CorpusLearning.objects.filter(corpus=corpus).exists():
        return None
    return "What suggestions change (bias figures)", reverse(
        "learning:suggestions", args=[corpus.slug]
    )
