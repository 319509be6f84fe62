"""URL Tree keys: which URLs name the same document, and their branch in the tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from kehr_engine.urltree import QueryRules, block_hash, normalise_block, url_key
from kehr_engine.urltree.keys import QueryRulesError, registered_domain

RULES = QueryRules.parse("# a comment\n\\.php(\\?|$) id,page\n^https?://shop\\. -\n")


def test_host_case_default_port_and_fragment_do_not_make_another_key() -> None:
    a = url_key("HTTP://Example.org:80/News/a.html#top", RULES)
    b = url_key("http://example.org/News/a.html", RULES)
    assert a == b
    assert a.segments == ("example.org", "News", "a.html")  # the path keeps its case
    assert a.text == "example.org/News/a.html"


def test_query_keeps_only_the_matching_rules_parameters_sorted() -> None:
    key = url_key("https://forum.example.org/view.php?sid=9f&page=2&id=7&utm_source=x", RULES)
    assert key.segments[-1] == "?id=7&page=2"
    assert url_key("https://forum.example.org/view.php?page=2&id=7", RULES) == key


def test_no_matching_rule_drops_the_query() -> None:
    assert url_key("https://example.org/a/?session=1", RULES).segments == ("example.org", "a/")
    # The first rule that matches wins, even one that keeps nothing.
    assert url_key("https://shop.example.org/x.php?id=3", RULES).segments[-1] == "?id=3"
    assert url_key("https://shop.example.org/x?id=3", RULES).segments == (
        "shop.example.org", "x"
    )  # fmt: skip


def test_an_index_page_and_a_document_of_the_same_name_differ() -> None:
    assert url_key("https://e.org/news/", RULES) != url_key("https://e.org/news", RULES)


def test_a_feed_title_adds_a_128_bit_cid() -> None:
    plain = url_key("https://e.org/live", RULES)
    one = url_key("https://e.org/live", RULES, title="Storm hits coast")
    two = url_key("https://e.org/live", RULES, title="Markets fall")
    assert len({plain, one, two}) == 3
    cid = one.segments[-1].removeprefix("?_cid_=")
    assert len(cid) == 32 and int(cid, 16) >= 0


@pytest.mark.parametrize(
    ("url", "domain"),
    [
        ("http://news.bbc.co.uk/x", "bbc.co.uk"),
        ("https://www.example.org/", "example.org"),
        ("http://127.0.0.1:8123/a", "127.0.0.1:8123"),
        ("http://localhost:8000/a", "localhost:8000"),
        ("http://[::1]:8000/a", "[::1]:8000"),
    ],
)
def test_the_domain_is_the_registered_domain_or_the_host(url: str, domain: str) -> None:
    assert url_key(url, RULES).domain == domain


def test_hosts_of_one_registered_domain_share_a_tree_but_not_a_branch() -> None:
    a, b = url_key("http://news.bbc.co.uk/x", RULES), url_key("http://sport.bbc.co.uk/x", RULES)
    assert a.domain == b.domain and a.segments[0] != b.segments[0]
    assert registered_domain("a.b.example.com") == "example.com"


@pytest.mark.parametrize("url", ["ftp://e.org/x", "e.org/x", "http:///x", "http://e.org:99999/"])
def test_urls_without_an_http_host_are_refused(url: str) -> None:
    with pytest.raises(ValueError, match=r"URL|port"):
        url_key(url, RULES)


def test_a_bad_rule_names_its_line(tmp_path: Path) -> None:
    with pytest.raises(QueryRulesError, match="line 2: '\\(unclosed' is not a regular"):
        QueryRules.parse("# ok\n(unclosed id\n")
    with pytest.raises(QueryRulesError, match="line 1: write a regular expression"):
        QueryRules.parse("lonely\n")
    with pytest.raises(QueryRulesError, match="cannot read"):
        QueryRules.from_file(tmp_path / "missing.txt")


def test_the_shipped_rules_keep_forum_ids_and_drop_tracking() -> None:
    rules = QueryRules.default()
    key = url_key("http://www.aprilwine.ca/smf/index.php?topic=183.0&PHPSESSID=ab", rules)
    assert key.segments[-1] == "?topic=183.0"
    assert url_key("https://e.org/story?utm_source=feed", rules).segments == ("e.org", "story")


def test_blocks_normalise_to_lower_case_letters() -> None:
    assert normalise_block("Posted 12 May, 2009 |") == "postedmay"
    assert normalise_block("Größe: 3 m_2") == "größem"
    assert normalise_block("Привет, мир 2") == "приветмир"
    assert normalise_block(" | 12:30 ") == ""
    assert block_hash("Read more!") == block_hash("read   MORE")
    assert block_hash("Read more") != block_hash("Read less")
    assert 0 <= block_hash("x") < 2**64


@pytest.mark.parametrize("text", ["Posted 12 May", "a_b-c d\t9", "", "Grüße aus Köln", "ß"])
def test_the_ascii_fast_path_hashes_like_the_general_one(text: str) -> None:
    import hashlib

    expected = hashlib.blake2b(normalise_block(text).encode(), digest_size=8).digest()
    assert block_hash(text) == int.from_bytes(expected, "little")
