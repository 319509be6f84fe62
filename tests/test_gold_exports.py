"""Gold-standard exports: JSONL, CSV, plain text and merged HTML, streamed page by page."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import lxml.html
import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from annotations.services import submit_labels
from corpora.ingest import add_page
from corpora.segmenter import read_node_texts, segment
from gold.exports import FORMATS, UnknownFormat, export
from gold.exports.csv_nodes import COLUMNS
from gold.merge import merge_corpus
from gold.models import PageGold
from kehr_engine.krdwrd.merged_file import CLASS_RE as KRDWRD_CLASS
from tests.expect import streamed

B, U, G = 1, 2, 3
NODES = 10
# Page 0: node 0 tied (unresolved), node 1 uncertain, nodes 2-9 good/bad mixed.
FIRST = [[B, U, G, G, G, G, G, G, G, B], [G, U, G, G, G, G, G, G, G, B],
         [0, U, G, G, B, G, G, G, G, B]]  # fmt: skip


@pytest.fixture
def gold_corpus(corpus, pages, make_user):
    corpus.min_submissions = 3
    corpus.save()
    users = [make_user(f"c{i}") for i in range(3)]
    for number, page in enumerate(pages[:4]):  # page 4 stays waiting
        for user, labels in zip(users, FIRST, strict=True):
            vector = labels if number == 0 else [G] * 8 + [B] * 2
            submit_labels(page_id=page.pk, user=user, labels=vector)
    submit_labels(page_id=pages[4].pk, user=users[0], labels=[G] * NODES)
    merge_corpus(corpus)
    return corpus


def collect(corpus, fmt: str, **options) -> bytes:
    return b"".join(export(corpus, fmt, **options))


def test_jsonl_has_one_record_per_merged_page(gold_corpus, pages):
    lines = collect(gold_corpus, "jsonl").decode().splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["page"] for r in records] == [p.pk for p in pages[:4]]
    first = records[0]
    assert first["schema"] == "kehr-gold-page/1"
    assert first["url"] == pages[0].url and first["status"] == "unresolved"
    assert first["texts"] == read_node_texts(pages[0].document)
    assert first["tokens"] == pages[0].node_tokens
    assert first["labels"] == [0, U, G, G, G, G, G, G, G, B]
    assert first["votes"][0] == [1, 0, 1] and first["voters"][0] == 2
    assert first["vote_shares"][0] is None  # unresolved tie: no label, no share
    assert first["vote_shares"][4] == pytest.approx(2 / 3, abs=1e-4)
    assert first["ties"] == [[0, "unresolved"]]
    assert first["agreement"]["pi"] == PageGold.objects.get(page=pages[0]).pi
    assert set(first["agreement"]) >= {"a_o", "a_e", "pi", "pi_tokens", "alpha"}


def test_csv_has_one_row_per_node(gold_corpus, pages):
    rows = list(csv.DictReader(io.StringIO(collect(gold_corpus, "csv").decode())))
    assert list(rows[0]) == COLUMNS
    assert len(rows) == 4 * NODES
    node0 = rows[0]
    assert (node0["label"], node0["label_name"], node0["tie"], node0["vote_share"]) == (
        "0", "none", "unresolved", ""
    )  # fmt: skip
    node3 = rows[3]
    assert (node3["label_name"], node3["votes_good"], node3["voters"]) == ("good", "3", "3")
    assert node3["text"] == "First paragraph of page 0 with running text."


# Harvested text a spreadsheet would run as a formula (OWASP's first characters). A
# leading carriage return cannot reach a node text (the parser turns it into a line
# feed, as HTML parsing does); tests/test_safe_csv.py covers it.
HOSTILE_TEXTS = ['=HYPERLINK("http://evil.example/","E-paper")', "+1", "-x", "@SUM(A1:A2)",
                 "\tTabbed", "-0.5", "'quoted"]  # fmt: skip


def test_csv_cells_never_start_a_formula(corpus, make_user):
    """Hostile node texts and URL are neutralised; the numbers stay plain numbers."""
    body = "".join(f"<p>{text}</p>" for text in HOSTILE_TEXTS)
    page = add_page(corpus, f"<html><body>{body}</body></html>", url="https://e.example/=1")
    corpus.min_submissions = 1
    corpus.save()
    submit_labels(page_id=page.pk, user=make_user("c0"), labels=[G] * page.node_count)
    merge_corpus(corpus)
    rows = list(csv.DictReader(io.StringIO(collect(corpus, "csv").decode(), newline="")))
    texts = read_node_texts(page.document)
    assert len(rows) == len(HOSTILE_TEXTS) == len(texts)
    for row, text in zip(rows, texts, strict=True):
        assert row["text"] == "'" + text  # every one of them begins with a trigger or '
        assert row["label"] == "3" and row["vote_share"] == "1.0"  # numbers untouched
    assert rows[0]["text"] == '\'=HYPERLINK("http://evil.example/","E-paper")'


def test_text_has_good_paragraphs_and_optionally_uncertain(gold_corpus, pages):
    text = collect(gold_corpus, "text").decode()
    blocks = text.split("# kehr-page ")[1:]
    assert len(blocks) == 4
    header, body = blocks[0].split("\n\n", 1)
    assert header == f"id={pages[0].pk} url={pages[0].url}"
    paragraphs = body.strip().split("\n\n")
    assert paragraphs[0] == "Headline 0"
    assert "News" not in paragraphs  # uncertain
    assert "Second paragraph," in paragraphs  # trailing space of the node normalised away
    with_uncertain = collect(gold_corpus, "text", include_uncertain=True).decode()
    assert "\n\nNews\n\n" in with_uncertain


def test_merged_html_zip_is_viewable_and_keeps_the_nodes(gold_corpus, pages):
    archive = zipfile.ZipFile(io.BytesIO(collect(gold_corpus, "html")))
    names = archive.namelist()
    assert names[-1] == "index.html"
    assert sorted(names[:-1]) == sorted(f"pages/{p.pk}.html" for p in pages[:4])
    html = archive.read(f"pages/{pages[0].pk}.html").decode()
    assert "script-src 'none'" in html and 'id="kehr-gold-style"' in html
    assert '<kehr-t data-i="0" class="kehr-gold-none">' in html
    uncertain = '<kehr-t data-i="1" class="kehr-gold-uncertain krdwrd-tag-2" data-gold-share="1.0">'
    assert uncertain in html
    # The same text nodes as the annotation document (the segmenter drops the wrappers
    # again), and every wrapper carries its node's merged tag, KrdWrd style.
    assert segment(html, pages[0].url).node_texts == read_node_texts(pages[0].document)
    wrappers = lxml.html.document_fromstring(html).iter("kehr-t")
    tags = [KRDWRD_CLASS.search(w.get("class", "")) for w in wrappers]
    assert [m.group(1) if m else None for m in tags] == [None, "2"] + ["3"] * 7 + ["1"]
    index = archive.read("index.html").decode()
    assert index.count('href="pages/') == 4


def test_exports_stream_page_by_page(gold_corpus):
    assert len(list(export(gold_corpus, "jsonl"))) == 4
    assert len(list(export(gold_corpus, "html"))) == 5  # four pages, then index + directory


def test_page_segmented_again_after_the_merge_is_skipped_and_reported(gold_corpus, pages):
    longer = "<html><body><p>one</p><p>two</p></body></html>"
    add_page(gold_corpus, longer, url=pages[1].url)  # same URL: the page is replaced
    skipped: list[tuple[int, str]] = []
    records = collect(gold_corpus, "jsonl", on_skip=lambda *args: skipped.append(args))
    assert len(records.decode().splitlines()) == 3
    assert skipped[0][0] == pages[1].pk
    assert "segmented again since the merge" in skipped[0][1]


def test_unknown_format_is_refused(gold_corpus):
    with pytest.raises(UnknownFormat, match="choose one of jsonl, csv, text, html"):
        export(gold_corpus, "xml")


# --------------------------------------------------------------------------- command + view


def test_export_command_writes_a_file(gold_corpus, tmp_path, capsys):
    target = tmp_path / "gold.jsonl"
    call_command("export", corpus="test", format="jsonl", output=str(target))
    assert len(target.read_text().splitlines()) == 4
    assert not (tmp_path / "gold.jsonl.part").exists()
    assert "Exported 4 merged pages of test as jsonl" in capsys.readouterr().err


def test_export_command_to_stdout_and_errors(gold_corpus, tmp_path, capfdbinary):
    call_command("export", corpus="test", format="csv")
    out = capfdbinary.readouterr().out.decode()
    assert out.startswith(",".join(COLUMNS))
    with pytest.raises(CommandError, match=r"folder .* does not exist"):
        call_command("export", corpus="test", format="csv", output=str(tmp_path / "no/x.csv"))
    with pytest.raises(CommandError, match="No corpus with slug"):
        call_command("export", corpus="nope", format="csv")


def test_export_command_warns_about_pages_changed_since_the_merge(gold_corpus, pages, make_user,
                                                                  tmp_path, capsys):  # fmt: skip
    submit_labels(page_id=pages[2].pk, user=make_user("late"), labels=[B] * NODES)
    call_command("export", corpus="test", format="text", output=str(tmp_path / "t.txt"))
    assert "1 pages changed since their last merge" in capsys.readouterr().err


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_staff_download_streams(gold_corpus, staff, fmt):
    client = Client()
    client.force_login(staff)
    response = client.get(f"/staff/gold/test/export/{fmt}/")
    assert response.status_code == 200 and response.streaming
    assert response["Content-Type"] == FORMATS[fmt].content_type
    extension = FORMATS[fmt].extension
    assert response["Content-Disposition"] == f'attachment; filename="test-gold.{extension}"'
    body = b"".join(streamed(response))
    assert body == collect(gold_corpus, fmt) or fmt == "html"  # zip timestamps differ
    assert client.get("/staff/gold/test/export/xml/").status_code == 404


def test_the_dashboard_export_form_includes_nothing_unless_chosen(gold_corpus, staff, pages):
    """Issue 26, item 18: the "with" menu starts on an empty choice, and the download it
    makes then carries no extra vector (it used to add the first source, a URL tree)."""
    from crosspage.models import MethodVector

    for page in pages:
        MethodVector.objects.create(page=page, method="urltree:default", labels=b"\x03")
    client = Client()
    client.force_login(staff)
    html = client.get("/staff/gold/test/").content.decode()
    menu = lxml.html.fromstring(html).xpath('//form[contains(@action, "/export/jsonl/")]//select')
    (select,) = menu
    options = select.xpath("option")
    assert options[0].get("value") == "" and options[0].get("selected") is not None
    assert [o.get("value") for o in options[1:]] == ["urltree:default"]
    # What the browser sends for the form as it comes: include= (empty).
    response = client.get("/staff/gold/test/export/jsonl/?include=")
    assert response["Content-Disposition"] == 'attachment; filename="test-gold.jsonl"'
    assert b"".join(streamed(response)) == collect(gold_corpus, "jsonl")


def test_a_method_that_labelled_every_page_names_no_others(gold_corpus, pages):
    """Issue 26, item 18: "the others are marked unclassified" only when there are others."""
    from crosspage.models import MethodVector
    from gold.exports.included import open_sources

    for page in pages[:-1]:
        MethodVector.objects.create(page=page, method="dbce", labels=b"\x03")
    (opened,) = open_sources(gold_corpus, ["dbce"])
    assert (
        opened.note == "dbce labelled 4 of the 5 pages of test; the others are marked unclassified."
    )
    MethodVector.objects.create(page=pages[-1], method="dbce", labels=b"\x03")
    (opened,) = open_sources(gold_corpus, ["dbce"])
    assert opened.note == "dbce labelled 5 of the 5 pages of test."
