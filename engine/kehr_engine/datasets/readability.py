"""Mozilla Readability's test pages: ``NAME/source.html`` and the article it expects.

The expected article (``NAME/expected.html``) is segmented like the page, so both
sides are split into node texts and tokens by the same rules; its clean text (the
kehr_engine.clean_text rule, as a prediction's ``good_text``) is what the dataset's
metric compares an output with.

Both files are UTF-8 (the folder's README; Readability's tests read them so) and are
decoded as such, as a server declaring ``charset=utf-8`` would have them read: some
pages keep the ``<meta charset>`` of the site they were saved from (qq.com's says
gb2312), which would otherwise garble them.
"""

from __future__ import annotations

from pathlib import Path

from kehr_engine.clean_text import kept_text
from kehr_engine.datasets.alignment import article_labels
from kehr_engine.datasets.page_language import page_language
from kehr_engine.datasets.pages import DatasetLoad, LabelledPage, LoadFailure
from kehr_engine.limits import EngineInputError
from kehr_engine.pipeline import PageInput
from kehr_engine.segmenter import SegmenterError, segment

DATASET = "readability"
CHARSET = "utf-8"
# The test pages' own base URL (Readability's test suite rewrites links to it).
URL = "http://fakehost/"


def page_names(folder: Path) -> list[str]:
    """The page folders (those holding a source.html), sorted by name."""
    if not folder.is_dir():
        raise EngineInputError(
            f"{folder} is not a folder: give the readability/ folder of the modern data "
            "(../shared/data/modern/readability), whose NAME/ folders hold source.html."
        )
    return sorted(p.name for p in folder.iterdir() if (p / "source.html").is_file())


def load_page(folder: Path, name: str) -> LabelledPage:
    """One page, labelled; raises EngineInputError (naming the page) when it cannot be."""
    page_id = f"{DATASET}/{name}"
    expected_path = folder / name / "expected.html"
    if not expected_path.is_file():
        raise EngineInputError(f"{page_id}: expected.html is missing.")
    page = PageInput.from_html(
        (folder / name / "source.html").read_bytes(), URL, CHARSET, name=page_id
    )
    try:
        expected = segment(expected_path.read_bytes(), URL, CHARSET)
    except SegmenterError as error:
        raise EngineInputError(f"{page_id}: expected.html: {error}") from None
    expected_tokens = [token for text in expected.node_texts for token in text.split()]
    if not expected_tokens:
        raise EngineInputError(f"{page_id}: expected.html has no text to align.")
    labels, alignment = article_labels(page.node_texts, expected_tokens)
    if not alignment.coverage:
        raise EngineInputError(
            f"{page_id}: none of the expected article's {len(expected_tokens)} tokens "
            f"lands on the page's {page.node_count} nodes."
        )
    text = kept_text(expected.node_texts, [True] * len(expected.node_texts), expected.document)
    return LabelledPage(
        page_id=page_id,
        dataset=DATASET,
        language=page_language(page.html, page.node_texts),
        page=page,
        labels=labels,
        alignment=alignment,
        expected_text=text,
    )


def load_readability(folder: Path, limit: int | None = None) -> DatasetLoad:
    """Every page of the readability/ folder (``limit``: the first ones by name)."""
    load = DatasetLoad()
    for name in page_names(folder)[:limit]:
        try:
            load.pages.append(load_page(folder, name))
        except EngineInputError as error:
            load.failures.append(LoadFailure(f"{DATASET}/{name}", str(error)))
    return load
