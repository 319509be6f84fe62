"""What makes a page's gold standard outdated — every input of the merge, in one place.

Receivers rather than calls inside annotations.services: the gold app depends on the
annotations app, never the other way round, and every path that writes a submission
(API, admin, importer, shell) is covered. Bulk writes (``bulk_create``, ``update``)
send no signals; the periodic sweep (gold.tasks.merge_all_corpora) compares every
page's input fingerprint and catches those.
"""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from annotations.models import Submission
from corpora.models import Corpus
from gold import dirty
from gold.models import SubmissionExclusion, TieDecision, UserExclusion

# Corpus fields the merge reads; changing one re-merges the whole corpus.
MERGE_SETTINGS = ("tie_policy", "min_submissions")


@receiver(post_save, sender=Submission, dispatch_uid="gold_submission_saved")
def submission_saved(sender, instance: Submission, **kwargs) -> None:
    dirty.mark_pages([instance.page_id], create=True)


@receiver(post_delete, sender=Submission, dispatch_uid="gold_submission_deleted")
def submission_deleted(sender, instance: Submission, **kwargs) -> None:
    dirty.mark_pages([instance.page_id])


@receiver(post_save, sender=TieDecision, dispatch_uid="gold_decision_saved")
@receiver(post_delete, sender=TieDecision, dispatch_uid="gold_decision_deleted")
def decision_changed(sender, instance: TieDecision, **kwargs) -> None:
    dirty.mark_pages([instance.page_id])


@receiver(post_save, sender=SubmissionExclusion, dispatch_uid="gold_sub_exclusion_saved")
@receiver(post_delete, sender=SubmissionExclusion, dispatch_uid="gold_sub_exclusion_deleted")
def submission_exclusion_changed(sender, instance: SubmissionExclusion, **kwargs) -> None:
    # A subquery, not instance.submission: in a cascade the submission may be gone.
    dirty.mark_pages(Submission.objects.filter(pk=instance.submission_id).values("page_id"))


@receiver(post_save, sender=UserExclusion, dispatch_uid="gold_user_exclusion_saved")
@receiver(post_delete, sender=UserExclusion, dispatch_uid="gold_user_exclusion_deleted")
def user_exclusion_changed(sender, instance: UserExclusion, **kwargs) -> None:
    dirty.mark_pages(
        Submission.objects.filter(
            user_id=instance.user_id, page__corpus_id=instance.corpus_id
        ).values("page_id")
    )


@receiver(pre_save, sender=Corpus, dispatch_uid="gold_corpus_before_save")
def remember_merge_settings(sender, instance: Corpus, **kwargs) -> None:
    # An attribute of this save only, read by the post_save handler below.
    setattr(  # noqa: B010 (not a model field: mypy would refuse the plain assignment)
        instance,
        "_gold_previous_settings",
        Corpus.objects.filter(pk=instance.pk).values_list(*MERGE_SETTINGS).first()
        if instance.pk
        else None,
    )


@receiver(post_save, sender=Corpus, dispatch_uid="gold_corpus_saved")
def corpus_saved(sender, instance: Corpus, created: bool, **kwargs) -> None:
    previous = getattr(instance, "_gold_previous_settings", None)
    current = tuple(getattr(instance, name) for name in MERGE_SETTINGS)
    if previous is not None and tuple(previous) != current:
        dirty.mark_corpus(instance)
