"""The Django admin pages staff use every day load and show our data."""

from __future__ import annotations

from annotations.services import submit_labels


def test_admin_lists_and_change_pages(admin_client, page, annotator):
    submit_labels(page_id=page.pk, user=annotator, labels=[3] * page.node_count)
    for url, expected in [
        ("/admin/corpora/corpus/", "Test corpus"),
        (f"/admin/corpora/corpus/{page.corpus.pk}/change/", "min_submissions"),
        ("/admin/corpora/page/", "Page 0"),
        (f"/admin/corpora/page/{page.pk}/change/", "submission_count"),
        ("/admin/annotations/submission/", "anna"),
        ("/admin/auth/user/", "Import annotators from CSV"),
    ]:
        response = admin_client.get(url)
        assert response.status_code == 200, url
        assert expected in response.content.decode(), url


def test_admin_deleting_a_submission_keeps_the_counter(admin_client, page, annotator):
    submission = submit_labels(page_id=page.pk, user=annotator, labels=[3] * page.node_count)
    response = admin_client.post(
        f"/admin/annotations/submission/{submission.submission.pk}/delete/", {"post": "yes"}
    )
    assert response.status_code == 302
    page.refresh_from_db()
    assert page.submission_count == 0


def test_admin_actions_open_and_close_self_registration(admin_client, corpus):
    response = admin_client.post(
        "/admin/corpora/corpus/",
        {"action": "open_registration", "_selected_action": [corpus.pk]},
        follow=True,
    )
    corpus.refresh_from_db()
    assert len(corpus.invitation_code) >= 12
    assert corpus.invitation_code in response.content.decode()
    admin_client.post(
        "/admin/corpora/corpus/",
        {"action": "close_registration", "_selected_action": [corpus.pk]},
    )
    corpus.refresh_from_db()
    assert corpus.invitation_code == ""


def test_view_site_leads_to_a_landing_page_with_the_ways_in(admin_client, client, db):
    """The admin's "View site" link goes to /, which says what Kehr is and where to go."""
    admin_home = admin_client.get("/admin/").content.decode()
    assert 'href="/"' in admin_home  # "View site"
    response = client.get("/")  # for anybody, logged in or not
    assert response.status_code == 200
    html = response.content.decode()
    assert "Kehr is a platform for cleaning web pages into text corpora" in html
    for link in ("/annotator/", "/annotator/guidelines/", "/admin/", "/staff/gold/",
                 "/staff/tutorial/", "/api/docs/", "/api/schema/"):  # fmt: skip
        assert f'href="{link}"' in html, link
        assert client.get(link).status_code in (200, 302), link  # 302: log in first
    assert "Apache License 2.0" in html


def test_staff_turn_suggestions_on_and_a_tutorial_is_refused(admin_client, corpus, db):
    from corpora.models import Corpus
    from learning.models import CorpusLearning

    form = {
        "corpus": corpus.pk, "suggestions": "hints", "suggestion_share": "50",
        "suggestion_threshold": "0.6", "retrain_after": "0", "retrain_folds": "5",
    }  # fmt: skip
    response = admin_client.post("/admin/learning/corpuslearning/add/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    saved = CorpusLearning.objects.get(corpus=corpus)
    assert (saved.suggestions, saved.suggestion_share, saved.suggestion_threshold) == (
        "hints", 50, 0.6,
    )  # fmt: skip

    tutorial = Corpus.objects.create(name="Tut", slug="tut", kind=Corpus.Kind.TUTORIAL)
    response = admin_client.post(
        "/admin/learning/corpuslearning/add/", {**form, "corpus": tutorial.pk}
    )
    assert response.status_code == 200
    assert "A tutorial never shows suggestions" in response.content.decode()
    response = admin_client.post(
        "/admin/learning/corpuslearning/add/", {**form, "suggestion_share": "101"}
    )
    assert "Ensure this value is less than or equal to 100" in response.content.decode()
    for url in ("/admin/learning/suggestionassignment/", "/admin/learning/modelswitch/",
                f"/admin/corpora/corpus/{corpus.pk}/change/"):  # fmt: skip
        assert admin_client.get(url).status_code == 200, url
    assert (
        "page_order"
        in admin_client.get(f"/admin/corpora/corpus/{corpus.pk}/change/").content.decode()
    )


def test_admin_labels_are_english(admin_client):
    """Issue 26, item 22: the admin index said "Model switchs" and "Warc captures"
    (Django's defaults: the class name split into words, plus an "s")."""
    import re

    from django.contrib import admin

    for model in admin.site._registry:
        plural = str(model._meta.verbose_name_plural)
        # English adds "es" after s, x, z, ch and sh: "switches", never "switchs".
        assert not re.search(r"(?:ch|sh|[sxz])s$", plural), (model, plural)
        # Acronyms keep their capitals ("WARC", "API", "URL").
        assert not re.search(r"\b(?:Warc|Api|Url|Csv)\b", plural, re.IGNORECASE) or any(
            word.isupper() for word in plural.split()
        ), (model, plural)
    index = admin_client.get("/admin/").content.decode()
    assert "Model switches" in index and "WARC captures" in index
    assert "switchs" not in index and "Warc captures" not in index
