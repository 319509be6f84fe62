"""URL list parsing and normalised keys."""

from __future__ import annotations

import pytest

from harvest.urllist import URLError, domain_of, host_of, normalise_url, parse_url_list


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("HTTP://Example.ORG/Path?b=2&a=1#frag", "http://example.org/Path?b=2&a=1"),
        ("https://example.org:443/", "https://example.org/"),
        ("http://example.org:80", "http://example.org/"),
        ("http://example.org:8080/x", "http://example.org:8080/x"),
        ("https://bücher.example/", "https://xn--bcher-kva.example/"),
        ("http://[::1]:8000/a", "http://[::1]:8000/a"),
        ("http://example.org/?", "http://example.org/"),
        ("http://my_host.example./", "http://my_host.example./"),
        ("http://192.0.2.1:8080/", "http://192.0.2.1:8080/"),
    ],
)
def test_normalise_url(url, key):
    assert normalise_url(url) == key


@pytest.mark.parametrize(
    ("url", "error"),
    [
        ("example.org/page", "no scheme"),
        ("ftp://example.org/", "not http or https"),
        ("javascript:alert(1)", "not http or https"),
        ("http://", "no host"),
        ("http://user:pw@example.org/", "user name or password"),
        ("http://example.org:99999/", "not a URL"),
        ("http://example.org/" + "a" * 2000, "longer than"),
        # Issue 26 item 22: hosts no browser loads were accepted into the list.
        ("http://%00/", "host '%00' is percent-encoded"),
        ("http://b%C3%BCcher.example/", "percent-encoded: write the host name itself"),
        ("http://exa mple.org/", "whitespace"),
        ("http://a..b/", "not a valid host name"),
        ("http://-*-.example/", "not a valid host name"),
        ("http://" + "a" * 64 + ".example/", "not a valid"),
        ("http://[::1::2]/", "not a URL|not a valid IPv6"),
    ],
)
def test_bad_urls_are_rejected(url, error):
    with pytest.raises(URLError, match=error):
        normalise_url(url)


def test_parse_list_with_comments_blanks_errors_and_duplicates():
    text = (
        "\ufeff# a list\n"
        "\n"
        "https://example.org/a   # trailing comment\n"
        "   https://example.org/b\t\n"
        "not a url at all\n"
        "www.example.org/c\n"
        "https://EXAMPLE.org:443/a#again\n"
        "https://example.org/page#section\r\n"
        "https://example.org/b?x=1\n"
        "  # indented comment\n"
        "gopher://old.example/\n"
        "https://example.org/d https://example.org/e\n"
    )
    parsed = parse_url_list(text)
    assert [(u.line, u.url) for u in parsed.urls] == [
        (3, "https://example.org/a"),
        (4, "https://example.org/b"),
        (8, "https://example.org/page#section"),
        (9, "https://example.org/b?x=1"),
    ]
    assert [(e.line, e.error) for e in parsed.errors] == [
        (5, "not a URL (no scheme (write http:// or https://))"),
        (6, "no scheme (write http:// or https://)"),
        (11, "scheme 'gopher' is not http or https"),
        (12, "more than one field: one URL per line (write a space inside a URL as %20)"),
    ]
    assert [(d.line, first) for d, first in parsed.duplicates] == [(7, 3)]


def test_empty_and_comment_only_lists():
    assert parse_url_list("").urls == []
    only_comments = parse_url_list("# nothing\n\n   \n#http://example.org/\n")
    assert only_comments.urls == [] and only_comments.errors == []


def test_host_and_domain():
    assert host_of("https://WWW.Example.org:443/x") == "www.example.org"
    assert host_of("http://127.0.0.1:8000/x") == "127.0.0.1:8000"
    assert domain_of("https://www.example.org/x") == "example.org"
    # A URL stored before the host check still gets its politeness key.
    assert host_of("http://%00/") == "%00"
