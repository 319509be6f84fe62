"""Merging submissions into the gold standard: votes, ties, exclusions, repeatability."""

from __future__ import annotations

import random

import numpy as np
import pytest
from django.core.management import CommandError, call_command

from annotations.models import Submission
from annotations.services import delete_submission, submit_labels
from corpora.models import Corpus
from gold import agreement, dirty, vectors
from gold.merge import (
    _PagePlan,
    _write,
    check_vector,
    merge_corpus,
    merge_dirty,
    merge_pages,
)
from gold.models import PageGold, TieDecision
from gold.staff import (
    StaffActionError,
    decide_tie,
    exclude_submission,
    exclude_user,
    include_submission,
    include_user,
    withdraw_decision,
)
from gold.voting import VoteBatch, merge_batch

B, U, G = 1, 2, 3  # bad, uncertain, good
NODES = 10  # tests.conftest.PAGE_TEMPLATE has ten text nodes


@pytest.fixture
def three(corpus, make_user):
    corpus.min_submissions = 3
    corpus.save()
    return [make_user(f"coder{i}") for i in range(3)]


def submit(page, user, labels):
    assert len(labels) == page.node_count
    return submit_labels(page_id=page.pk, user=user, labels=list(labels)).submission


def gold_of(page) -> PageGold:
    return PageGold.objects.get(page=page)


# --------------------------------------------------------------------------- voting core


def test_vote_counts_and_majority_per_node():
    batch = VoteBatch.from_vectors(
        node_counts=[4],
        submission_pages=[0, 0, 0],
        vectors=[bytes([1, 3, 3, 0]), bytes([1, 3, 2, 0]), bytes([3, 2, 2, 0])],
    )
    result = merge_batch(batch)
    assert result.counts.tolist() == [[2, 0, 1], [0, 1, 2], [0, 2, 1], [0, 0, 0]]
    assert result.labels.tolist() == [1, 3, 2, 0]  # no votes: no label, and not a tie
    assert not result.tie.any()
    # Each submission's own tags against the gold labels (row: own code, column: gold).
    first = result.confusion[0]
    assert first[1, 1] == 1 and first[3, 3] == 1 and first[3, 2] == 1 and first[0, 0] == 1


@pytest.mark.parametrize(("tie_label", "expected"), [(0, 0), (2, 2), (1, 1)])
def test_ties_follow_the_policy_label(tie_label, expected):
    batch = VoteBatch.from_vectors([2], [0, 0], [bytes([1, 3]), bytes([3, 3])])
    result = merge_batch(batch, tie_label=tie_label)
    assert result.tie.tolist() == [True, False]
    assert result.labels.tolist() == [expected, 3]
    assert result.unresolved.tolist() == [tie_label == 0, False]


def test_three_way_tie_and_decisions_only_decide_ties():
    batch = VoteBatch.from_vectors([2], [0, 0, 0], [bytes([1, 3]), bytes([2, 3]), bytes([3, 1])])
    result = merge_batch(batch, decided_nodes=[0, 1], decided_labels=[2, 1])
    assert result.tie.tolist() == [True, False]
    assert result.labels.tolist() == [2, 3]  # node 1 has a unique winner: decision unused
    assert result.decided.tolist() == [True, False]
    assert not result.unresolved.any()


def test_batch_gives_each_page_what_it_gets_alone():
    rng = np.random.default_rng(3)
    pages = []
    for _ in range(6):
        count = int(rng.integers(1, 40))
        coders = int(rng.integers(1, 6))
        pages.append([rng.integers(0, 4, count, dtype=np.uint8).tobytes() for _ in range(coders)])
    together = merge_batch(
        VoteBatch.from_vectors(
            [len(p[0]) for p in pages],
            [i for i, p in enumerate(pages) for _ in p],
            [v for p in pages for v in p],
        )
    )
    for i, page in enumerate(pages):
        alone = merge_batch(VoteBatch.from_vectors([len(page[0])], [0] * len(page), page))
        nodes = together.nodes(i)
        assert together.labels[nodes].tolist() == alone.labels.tolist()
        assert together.counts[nodes].tolist() == alone.counts.tolist()
        expected = agreement.counts_from_vectors(
            np.stack([np.frombuffer(v, np.uint8) for v in page])
        )
        assert alone.counts.tolist() == expected.tolist()
        assert np.allclose(together.agreement["pi"][i], alone.agreement["pi"][0], equal_nan=True)


def test_batch_rejects_labels_that_do_not_fit():
    with pytest.raises(ValueError, match="nodes in all"):
        merge_batch(VoteBatch.from_vectors([3], [0], [bytes([1, 2])]))
    with pytest.raises(ValueError, match="0 \\(untagged\\) to 3"):
        merge_batch(VoteBatch.from_vectors([2], [0], [bytes([1, 9])]))


def test_check_vector_reasons():
    assert check_vector(bytes([1, 2, 3]), 3) == ""
    assert "has 2 labels but the page has 3 text nodes" in check_vector(bytes([1, 2]), 3)
    assert "label 7 at node 1" in check_vector(bytes([1, 7, 3]), 3)
    assert "tags no node" in check_vector(bytes(3), 3)


# --------------------------------------------------------------------------- merging pages


def test_page_is_merged_once_it_has_enough_valid_submissions(page, three):
    submit(page, three[0], [B] * NODES)
    submit(page, three[1], [B] * NODES)
    merge_corpus(page.corpus)
    assert gold_of(page).status == PageGold.Status.WAITING
    assert gold_of(page).labels == b""
    submit(page, three[2], [G] * 5 + [B] * 5)
    report = merge_corpus(page.corpus)
    assert report.merged == 1
    gold = gold_of(page)
    assert gold.status == PageGold.Status.MERGED
    assert gold.label_list == [B] * NODES
    assert gold.vote_array.tolist() == [[2, 0, 1]] * 5 + [[3, 0, 0]] * 5
    assert (gold.valid_submissions, gold.submissions) == (3, 3)
    assert not gold.dirty


def test_agreement_is_stored_with_the_page(page, three):
    vectors_ = [[B, B, G, G, G, G, G, G, G, B], [B, B, G, G, U, G, G, G, G, B],
                [B, G, G, G, G, G, B, G, G, B]]  # fmt: skip
    for user, labels in zip(three, vectors_, strict=True):
        submit(page, user, labels)
    merge_corpus(page.corpus)
    gold = gold_of(page)
    counts = agreement.counts_from_vectors(np.array(vectors_, dtype=np.uint8))
    expected = agreement.page_agreement(counts, page.node_tokens)
    assert gold.pi == pytest.approx(expected.pi)
    assert gold.pi_tokens == pytest.approx(expected.pi_tokens)
    assert gold.alpha == pytest.approx(expected.alpha)
    assert gold.a_o == pytest.approx(expected.a_o)
    assert gold.agreement_items == expected.items == NODES


def test_unresolved_ties_are_listed_and_staff_decide_them(page, three, staff):
    submit(page, three[0], [B] * NODES)
    submit(page, three[1], [G] * NODES)
    submit(page, three[2], [0, 0] + [B] * 8)  # nodes 0 and 1: one bad, one good vote
    merge_corpus(page.corpus)
    gold = gold_of(page)
    assert gold.status == PageGold.Status.UNRESOLVED
    assert gold.unresolved_nodes == [0, 1]
    assert gold.label_list[:3] == [0, 0, B]

    decide_tie(page, 0, G, by=staff, note="heading")
    gold = gold_of(page)  # decide_tie merges the page at once
    assert gold.label_list[:2] == [G, 0]
    assert gold.ties == [[0, "decision"], [1, "unresolved"]]
    decide_tie(page, 1, U, by=staff)
    gold = gold_of(page)
    assert gold.status == PageGold.Status.MERGED
    assert gold.label_list[:2] == [G, U]

    # Kept across re-merges, also forced ones.
    merge_corpus(page.corpus, force=True)
    assert gold_of(page).label_list[:2] == [G, U]
    assert TieDecision.objects.get(page=page, node=0).decided_by == staff

    with pytest.raises(StaffActionError, match="not a tie"):
        decide_tie(page, 5, G, by=staff)
    with pytest.raises(StaffActionError, match="1 \\(bad\\), 2 \\(uncertain\\) or 3"):
        decide_tie(page, 1, 0, by=staff)
    assert withdraw_decision(page, 1)
    assert gold_of(page).unresolved_nodes == [1]


def test_a_decision_waits_when_new_votes_break_the_tie(page, three, make_user, staff):
    submit(page, three[0], [B] * NODES)
    submit(page, three[1], [G] * NODES)
    submit(page, three[2], [0] + [B] * 9)
    merge_corpus(page.corpus)
    decide_tie(page, 0, U, by=staff)
    assert gold_of(page).label_list[0] == U
    submit(page, make_user("late"), [G] * NODES)
    merge_dirty(page.corpus)
    assert gold_of(page).label_list[0] == G  # two good against one bad: majority wins
    assert TieDecision.objects.filter(page=page, node=0).exists()


@pytest.mark.parametrize(("policy", "label"), [("uncertain", U), ("bad", B)])
def test_tie_policy_of_the_corpus(page, three, policy, label):
    submit(page, three[0], [B] * NODES)
    submit(page, three[1], [G] * NODES)
    submit(page, three[2], [0] + [G] * 9)
    merge_corpus(page.corpus)
    assert gold_of(page).label_list[0] == 0
    page.corpus.tie_policy = policy
    page.corpus.save()  # changing the policy marks the corpus' pages dirty
    assert gold_of(page).dirty
    merge_dirty(page.corpus)
    gold = gold_of(page)
    assert gold.label_list[0] == label
    assert gold.ties == [[0, "policy"]]
    assert gold.status == PageGold.Status.MERGED


def test_submissions_that_do_not_fit_are_excluded_with_a_reason(page, three, make_user):
    for user in three:
        submit(page, user, [G] * NODES)
    broken = submit(page, make_user("broken"), [B] * NODES)
    empty = submit(page, make_user("empty"), [B] * NODES)
    # Written around the API, as a restored backup or a re-segmented page would.
    Submission.objects.filter(pk=broken.pk).update(labels=bytes([B] * (NODES - 1)))
    Submission.objects.filter(pk=empty.pk).update(labels=bytes(NODES))
    merge_corpus(page.corpus, force=True)
    gold = gold_of(page)
    reasons = {entry["submission"]: entry["reason"] for entry in gold.excluded}
    assert "has 9 labels but the page has 10 text nodes" in reasons[broken.pk]
    assert "tags no node" in reasons[empty.pk]
    assert gold.valid_submissions == 3
    assert gold.label_list == [G] * NODES
    assert Submission.objects.filter(pk__in=[broken.pk, empty.pk]).count() == 2


def test_staff_exclude_a_user_and_a_submission_and_take_it_back(pages, three, make_user, staff):
    spammer = make_user("spammer")
    page, other = pages[0], pages[1]
    for target in (page, other):
        submit(target, three[0], [G] * NODES)
        submit(target, three[1], [G] * NODES)
        submit(target, spammer, [B] * NODES)
    submit(page, three[2], [B] * NODES)
    merge_corpus(page.corpus)
    # Two good against two bad on every node: all tied, none resolved.
    assert gold_of(page).label_list == [0] * NODES
    assert gold_of(page).unresolved_count == NODES

    exclude_user(page.corpus, spammer, reason="tags everything bad", by=staff)
    assert gold_of(page).dirty and gold_of(other).dirty
    merge_dirty(page.corpus)
    gold = gold_of(page)
    assert gold.label_list == [G] * NODES
    assert [e["reason"] for e in gold.excluded] == [
        "annotator excluded by staff: tags everything bad"
    ]
    assert gold_of(other).valid_submissions == 2
    assert gold_of(other).status == PageGold.Status.WAITING  # 2 valid < minimum of 3
    assert Submission.objects.filter(user=spammer).count() == 2  # kept, never deleted

    include_user(page.corpus, spammer)
    merge_dirty(page.corpus)
    assert gold_of(other).label_list == [G] * NODES

    single = Submission.objects.get(page=page, user=three[2])
    exclude_submission(single, reason="clicked through", by=staff)
    gold = gold_of(page)
    assert "submission excluded by staff: clicked through" in [e["reason"] for e in gold.excluded]
    assert gold.unresolved_count == 0 and gold.label_list == [G] * NODES
    include_submission(single)
    assert gold_of(page).unresolved_count == NODES
    with pytest.raises(StaffActionError, match="reason"):
        exclude_user(page.corpus, spammer, reason="  ")


def test_same_inputs_give_the_same_gold_whatever_the_order(corpus, make_user):
    corpus.min_submissions = 2
    corpus.save()
    from tests.conftest import make_page

    rng = random.Random(11)
    users = [make_user(f"u{i}") for i in range(5)]
    vectors_ = {u.pk: [rng.choice([0, 1, 2, 3]) for _ in range(NODES)] for u in users}

    def build(slug: str, order: list) -> tuple[bytes, bytes, float | None]:
        other = Corpus.objects.create(name=slug, slug=slug, min_submissions=2)
        target = make_page(other, 1)
        for user in order:
            submit(target, user, vectors_[user.pk])
        merge_corpus(other)
        return bytes(gold_of(target).labels), bytes(gold_of(target).votes), gold_of(target).pi

    first = build("first", users)
    second = build("second", list(reversed(users)))
    assert first == second
    page = PageGold.objects.get(corpus__slug="first")
    before = (bytes(page.labels), bytes(page.votes), page.ties, page.pi)
    merge_corpus(page.corpus, force=True)
    page.refresh_from_db()
    assert (bytes(page.labels), bytes(page.votes), page.ties, page.pi) == before


def test_rerun_after_new_submissions_updates_only_affected_pages(pages, three, make_user):
    for page in pages:
        for user in three:
            submit(page, user, [G] * NODES)
    first = merge_corpus(pages[0].corpus)
    assert first.merged == len(pages)
    stamps = dict(PageGold.objects.values_list("page_id", "merged_at"))
    again = merge_corpus(pages[0].corpus)
    assert (again.merged, again.unchanged) == (0, len(pages))

    submit(pages[2], make_user("newcomer"), [B] * NODES)
    assert list(PageGold.objects.filter(dirty=True).values_list("page_id", flat=True)) == [
        pages[2].pk
    ]
    report = merge_corpus(pages[0].corpus)
    assert report.merged_page_ids == [pages[2].pk]
    after = dict(PageGold.objects.values_list("page_id", "merged_at"))
    merged_now, merged_before = after[pages[2].pk], stamps[pages[2].pk]
    assert merged_now is not None and merged_before is not None
    assert merged_now > merged_before
    assert all(after[p.pk] == stamps[p.pk] for p in pages if p != pages[2])


def test_deleting_a_submission_marks_the_page_and_the_merge_follows(page, three):
    subs = [submit(page, user, [G] * NODES) for user in three]
    merge_corpus(page.corpus)
    delete_submission(subs[0])
    assert gold_of(page).dirty
    merge_dirty(page.corpus)
    assert gold_of(page).status == PageGold.Status.WAITING


def test_rows_written_in_bulk_are_found_by_the_full_merge(page, three):
    # bulk_create sends no signal: no gold row, no dirty mark.
    Submission.objects.bulk_create(
        [Submission(page=page, user=u, labels=bytes([U] * NODES), submitted_at=page.created_at)
         for u in three]
    )  # fmt: skip
    assert not PageGold.objects.filter(page=page).exists()
    merge_dirty(page.corpus)
    assert not PageGold.objects.filter(page=page).exists()
    merge_corpus(page.corpus)
    assert gold_of(page).label_list == [U] * NODES


def test_a_result_is_not_written_when_the_inputs_changed_meanwhile(page, three):
    for user in three:
        submit(page, user, [G] * NODES)
    merge_corpus(page.corpus)
    gold = gold_of(page)
    stale = PageGold(page_id=page.pk, corpus=page.corpus, labels=bytes([B] * NODES))

    # What _merge_chunk read before the inputs changed (_write reads its id and version).
    plan = _PagePlan(
        page_id=page.pk, version=gold.input_version, node_count=NODES, fingerprint="",
        submissions=[], decisions=[],
    )  # fmt: skip

    dirty.mark_pages([page.pk])  # a submission arrived while the merge was computing
    written = _write([plan], {page.pk: stale}, {})
    assert written == set()
    gold = gold_of(page)
    assert gold.dirty and gold.label_list == [G] * NODES


def test_a_page_is_marked_with_one_update_once_it_has_a_gold_row(
    page, three, django_assert_num_queries
):
    submit(page, three[0], [G] * NODES)  # the first mark creates the row, then marks it
    gold = gold_of(page)
    assert gold.dirty and gold.input_version == 2
    # Every later submission of the page: one UPDATE in the submitting transaction.
    with django_assert_num_queries(1):
        assert dirty.mark_pages([page.pk], create=True) == 1
    assert gold_of(page).input_version == 3


def test_votes_round_trip_and_reject_bad_shapes():
    counts = np.array([[0, 1, 65535], [3, 0, 0]])
    assert vectors.decode_votes(vectors.encode_votes(counts)).tolist() == counts.tolist()
    with pytest.raises(ValueError, match=r"0\.\.65535"):
        vectors.encode_votes(np.array([[0, 0, 70000]]))
    with pytest.raises(ValueError, match="multiple of 6"):
        vectors.decode_votes(b"12345")


def test_merge_pages_ignores_unknown_and_deleted_pages(page, three):
    for user in three:
        submit(page, user, [G] * NODES)
    report = merge_pages(page.corpus, [page.pk, 999_999])
    assert report.merged == 1


# --------------------------------------------------------------------------- command


def test_merge_command_reports_and_refuses_unknown_corpora(page, three, capsys):
    for user in three:
        submit(page, user, [G] * NODES)
    call_command("merge", corpus=page.corpus.slug)
    out = capsys.readouterr().out
    assert "test: 1 pages: 1 merged" in out
    assert "statistics recomputed" in out
    with pytest.raises(CommandError, match=r"No corpus with slug 'nope'\. Existing corpora: test"):
        call_command("merge", corpus="nope")
