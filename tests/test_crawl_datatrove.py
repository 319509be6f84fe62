"""kehr_engine.datatrove.KehrExtractor in datatrove pipelines (issue 29).

``WarcReader -> KehrExtractor -> a filter -> JsonlWriter`` over two WARC files written
from the tests' own pages: under LocalPipelineExecutor with 2 tasks (one file each),
and on a local Ray cluster when Ray is installed. datatrove and Ray come with the
``crawl`` extra, which ./dev installs; without it these tests skip, except under CI.
"""

from __future__ import annotations

import gzip
import json
import os
import pickle
from pathlib import Path

import pytest

from tests.warc_pages import GERMAN, PNG, Rec, article, html_page, response, write_warc


def need(module: str, why: str):
    """The module, or a skip saying why (a failure under CI, where ./dev installs it)."""
    if os.environ.get("CI") == "true":
        return __import__(module)
    return pytest.importorskip(module, reason=why)


need("datatrove", "datatrove is the crawl extra: pip install -e '.[crawl]' (./dev does)")

from datatrove.executor import LocalPipelineExecutor  # type: ignore[import-untyped]  # noqa: E402
from datatrove.pipeline.filters import LambdaFilter  # type: ignore[import-untyped]  # noqa: E402
from datatrove.pipeline.readers import WarcReader  # type: ignore[import-untyped]  # noqa: E402
from datatrove.pipeline.writers import JsonlWriter  # type: ignore[import-untyped]  # noqa: E402

from kehr_engine.datatrove import KehrExtractor  # noqa: E402
from kehr_engine.model_file import ModelFileError, read_header  # noqa: E402

NO_TEXT = html_page("", [], boilerplate=False).encode()  # no text node at all: dropped


@pytest.fixture
def warcs(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """Two WARC files (7 HTML pages with text, one without, an image, a request); the
    URL of every page that must come out, with a phrase of its text."""
    folder = tmp_path / "warcs"
    folder.mkdir()
    write_warc(folder / "one.warc.gz", [
        Rec("request", "https://one.example/a"),
        *[response(f"https://one.example/{i}", article(i)) for i in range(4)],
        response("https://one.example/logo.png", PNG, "image/png"),
    ])  # fmt: skip
    write_warc(folder / "two.warc.gz", [
        *[response(f"https://two.example/{i}", article(i, GERMAN)) for i in range(3)],
        response("https://two.example/empty", NO_TEXT),
    ])  # fmt: skip
    expected = {f"https://one.example/{i}": "supply boat" for i in range(4)}
    expected.update({f"https://two.example/{i}": "Leuchtturmwärter" for i in range(3)})
    return folder, expected


def pipeline(folder: Path, out: Path) -> list:
    return [
        WarcReader(str(folder), glob_pattern="*.warc.gz"),
        KehrExtractor(),
        LambdaFilter(lambda doc: doc.metadata["kehr_good_share"] > 0),
        JsonlWriter(str(out)),
    ]


def written(out: Path) -> list[dict]:
    lines: list[dict] = []
    for path in sorted(out.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as file:
            lines.extend(json.loads(line) for line in file)
    return lines


def check(lines: list[dict], expected: dict[str, str]) -> None:
    urls = [line["metadata"]["url"] for line in lines]
    assert sorted(urls) == sorted(expected), "each page once, the empty one dropped"
    ids = [line["id"] for line in lines]
    assert len(set(ids)) == len(ids) and all(i.startswith("<urn:uuid:") for i in ids)
    sha = read_header(KehrExtractor().model_path)["payload_sha256"][:12]
    for line in lines:
        metadata = line["metadata"]
        assert expected[metadata["url"]] in line["text"]
        assert "All rights reserved" not in line["text"] and "<p>" not in line["text"]
        assert metadata["date"].startswith("20")  # the reader's metadata is kept
        assert metadata["kehr_model"] == f"article.kehr-model sha256:{sha}"
        assert 0 < metadata["kehr_good_share"] < 1  # navigation and footer are left out


def test_two_tasks_over_two_warc_files(tmp_path: Path, warcs: tuple[Path, dict]) -> None:
    folder, expected = warcs
    out = tmp_path / "out"
    LocalPipelineExecutor(
        pipeline=pipeline(folder, out), tasks=2, workers=2, logging_dir=str(tmp_path / "logs")
    ).run()
    assert len(list(out.glob("*.jsonl.gz"))) == 2  # one output file per task
    check(written(out), expected)


def test_the_step_matches_trafilaturas_contract() -> None:
    """extract(html) -> text, as datatrove's Trafilatura step; it pickles without its
    model (executors ship steps to their workers) and still works after."""
    step = KehrExtractor()
    text = step.extract(article(1).decode())
    assert "supply boat" in text and "About us" not in text
    assert step.extract("") == ""
    shipped = pickle.loads(pickle.dumps(step))
    assert shipped._model is None and len(pickle.dumps(step)) < 2000
    assert shipped.extract(article(2).decode()) == text.replace("log 1", "log 2")


def test_a_missing_model_fails_when_the_pipeline_is_built(tmp_path: Path) -> None:
    with pytest.raises(ModelFileError, match="no model file at"):
        KehrExtractor(tmp_path / "nothing.kehr-model")


def test_the_same_pipeline_on_a_local_ray_cluster(tmp_path: Path, warcs: tuple[Path, dict]) -> None:
    ray = need("ray", "Ray is not installed here (pip install ray)")
    from datatrove.executor.ray import RayPipelineExecutor  # type: ignore[import-untyped]

    folder, expected = warcs
    out = tmp_path / "out"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        RayPipelineExecutor(
            pipeline=pipeline(folder, out), tasks=2, workers=2, cpus_per_task=1,
            mem_per_cpu_gb=0.5, logging_dir=str(tmp_path / "logs"),
        ).run()  # fmt: skip
    finally:
        ray.shutdown()
    check(written(out), expected)
