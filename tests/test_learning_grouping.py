"""Cross-validation grouped by site (learning.grouping): the registered domain is the
site, site grouping is the default where a site has several pages, and every figure
says which grouping it used (manage.py evaluate --group-by)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from annotations.services import submit_labels
from corpora.ingest import add_page
from corpora.models import Corpus
from gold import merge
from kehr_engine.splits import page_folds, site_of
from learning import grouping
from learning.jobs import JobError
from tests.learning_pages import gold_labels, page_html, ready_version, train_file


@pytest.mark.parametrize(
    ("url", "site"),
    [
        ("https://news.bbc.co.uk/a", "bbc.co.uk"),  # a two-label public suffix
        ("https://www.bbc.co.uk/b", "bbc.co.uk"),
        ("https://blog.example.com/x", "example.com"),
        ("https://alice.github.io/x", "alice.github.io"),  # a private suffix: own site
        ("https://www.site3.test/p", "site3.test"),  # no public suffix: the host
        ("http://127.0.0.1:8000/x", "127.0.0.1"),
        ("http://localhost/", "localhost"),
    ],
)
def test_the_site_is_the_registered_domain(url, site):
    assert site_of(url) == site


def test_subdomains_of_one_site_stay_on_one_side_of_every_fold():
    urls = [f"https://{sub}.site{i % 5}.co.uk/p{i}" for i, sub in enumerate("abcdefghij" * 2)]
    sites = grouping.site_keys(urls)
    assert len(set(sites)) == 5
    for train, test in page_folds([str(i) for i in range(20)], k=5, groups=sites):
        assert not {sites[i] for i in train} & {sites[i] for i in test}


def test_site_grouping_is_the_default_where_a_site_has_several_pages():
    one_each = [f"https://www.site{i}.com/" for i in range(6)]
    chosen = grouping.choose(one_each, 3)
    assert chosen.name == "page" and "every page is from a site of its own" in chosen.why
    several = [f"https://{sub}.site{i % 3}.co.uk/" for i, sub in enumerate("abcdef")]
    chosen = grouping.choose(several, 3)
    assert chosen.name == "site" and chosen.by_site and (chosen.pages, chosen.sites) == (6, 3)
    assert chosen.describe().startswith("folds grouped by site (no site on both sides")
    # Too few sites for the folds: by page, and the figure says it is optimistic.
    chosen = grouping.choose(several, 4)
    assert chosen.name == "page" and "optimistic" in chosen.why
    assert grouping.choose(several, 3, "page").name == "page"
    with pytest.raises(JobError, match="grouped by site needs at least 4 sites; the 6 pages"):
        grouping.choose(several, 4, "site")
    with pytest.raises(JobError, match="Unknown grouping 'domain'"):
        grouping.choose(several, 2, "domain")


@pytest.fixture(scope="module")
def model_file(tmp_path_factory):
    return train_file(tmp_path_factory.mktemp("model") / "sites.kehr-model")


@pytest.fixture
def sites_corpus(db, make_user):
    """Six merged pages from three sites, two each (one site under two host names)."""
    users = [make_user("g-a"), make_user("g-b")]
    corpus = Corpus.objects.create(name="Sites", slug="sites", min_submissions=2)
    hosts = ["news.one.co.uk", "www.one.co.uk", "two.test", "two.test", "a.three.org",
             "b.three.org"]  # fmt: skip
    for n, host in enumerate(hosts):
        page = add_page(corpus, page_html(n), url=f"https://{host}/story/{n}")
        for user in users:
            submit_labels(page_id=page.pk, user=user, labels=gold_labels(page))
    merge.merge_corpus(corpus)
    return corpus


def test_evaluate_groups_by_site_by_default_and_says_so(sites_corpus, model_file, capsys):
    version = ready_version("sites-1", sites_corpus, model_file)
    version.training_options = {"max_iter": 10}
    version.save()
    args = ["evaluate", "--model", "sites-1", "--folds", "3", "--no-baselines"]
    call_command(*args, verbosity=0)
    report = capsys.readouterr().out
    assert "grouping: site" in report
    assert "folds grouped by site (no site on both sides of a fold; 6 pages from 3 sites)" in report
    version.refresh_from_db()
    assert version.metrics["grouping"] == "site" and version.metrics["by_site"] is True

    call_command(*args, "--group-by", "page", verbosity=0)
    assert "grouping: page" in capsys.readouterr().out
    version.refresh_from_db()
    assert version.metrics["grouping"] == "page" and version.metrics["by_site"] is False

    with pytest.raises(CommandError, match="grouped by site needs at least 4 sites"):
        call_command("evaluate", "--model", "sites-1", "--folds", "4", "--no-baselines",
                     "--group-by", "site", verbosity=0)  # fmt: skip
