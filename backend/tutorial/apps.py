from django.apps import AppConfig


class TutorialConfig(AppConfig):
    name = "tutorial"
    verbose_name = "Tutorial"

    def ready(self) -> None:
        # The tutorial plugs into the apps below it through their seams, which import
        # nothing of it (docs/architecture.md, "Registration seams").
        from annotations import admin as submission_admin
        from annotations import selection
        from comparison import sources
        from corpora.models import Corpus
        from tutorial.admin_actions import make_reference
        from tutorial.selection import next_tutorial_page
        from tutorial.sources import REFERENCE

        sources.register(REFERENCE)
        selection.register_rule(Corpus.Kind.TUTORIAL, next_tutorial_page)
        submission_admin.add_action(make_reference)
