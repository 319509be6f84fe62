"""``python -m kehr_engine extract|train|evaluate|info``: the engine from the shell.

Results go to stdout, progress and per-file problems to stderr. Bad input (a missing
or foreign model file, an unusable data folder, a bad option value) ends the command
with exit code 2 and one line saying what was wrong; ``extract`` goes on past a page
it cannot read, reports it, and exits 1 at the end. See docs/engine.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]  # scikit-learn needs it

from kehr_engine.baselines import BASELINES
from kehr_engine.default_model import EXTRACT_MODEL_NAME, model_path
from kehr_engine.evaluation_report import markdown
from kehr_engine.features import DEFAULT_GROUPS, FEATURE_VERSION, GROUPS
from kehr_engine.krdwrd.corpus import (
    CANOLA_FOLDERS,
    CorpusError,
    GoldPage,
    load_canola,
    with_layouts,
)
from kehr_engine.layout import LayoutError
from kehr_engine.limits import EngineInputError
from kehr_engine.model import MAX_ITER
from kehr_engine.model_file import load_model, read_header, save_model
from kehr_engine.pipeline import PageInput, evaluate_pages, predict, train_model
from kehr_engine.targets import DEFAULT_TARGET, TARGETS

if TYPE_CHECKING:
    from kehr_engine.datasets import DatasetLoad

PROG = "python -m kehr_engine"
HTML_SUFFIXES = (".html", ".htm", ".xhtml")


class CommandError(Exception):
    """Bad input for a command: exit code 2 with this one-line message."""


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive whole number")
    return value


def load_gold(
    data: Path, folders: Sequence[str], limit: int | None, layouts: Path | None = None
) -> list[GoldPage]:
    """KrdWrd gold pages (with their layouts from ``layouts``), or a CommandError that says
    what is wrong with the folder."""
    if not data.is_dir():
        raise CommandError(f"{data} is not a folder; give a KrdWrd data folder.")
    try:
        pages = load_canola(data, tuple(folders), limit)
    except CorpusError as error:
        raise CommandError(str(error)) from None
    if not pages:
        raise CommandError(f"no pages found under {data} in {', '.join(folders)}.")
    say(f"{len(pages)} pages loaded")
    if layouts is not None:
        if not layouts.is_dir():
            raise CommandError(f"--layouts {layouts} is not a folder (bench/render_krdwrd.py).")
        try:
            pages, missing = with_layouts(pages, layouts)
        except LayoutError as error:
            raise CommandError(str(error)) from None
        say(f"layouts of {len(pages) - missing} pages from {layouts} ({missing} have none)")
    return pages


# --- extract -------------------------------------------------------------------------


def html_files(paths: Sequence[Path], recursive: bool) -> Iterator[Path]:
    """The files named, and the HTML files in the folders named (subfolders too if asked)."""
    for path in paths:
        if path.is_dir():
            found = path.rglob("*") if recursive else path.iterdir()
            yield from sorted(p for p in found if p.is_file() and p.suffix in HTML_SUFFIXES)
        else:
            yield path  # a missing file is reported when it is read


def extract(args: argparse.Namespace) -> int:
    if any(path.name.lower().endswith((".warc", ".warc.gz")) for path in args.paths):
        from kehr_engine.warc_cli import extract_warcs  # the crawl branch (issue 29)

        return extract_warcs(args, say)
    model = load_model(args.model)
    files = list(html_files(args.paths, args.recursive))
    if not files:
        raise CommandError(
            f"no HTML files ({', '.join(HTML_SUFFIXES)}) in {', '.join(map(str, args.paths))}"
            + ("" if args.recursive else "; --recursive also searches subfolders")
            + "."
        )
    failed = 0
    wrote_text = False
    for number, path in enumerate(files, start=1):
        try:
            raw = path.read_bytes()
            page = PageInput.from_html(
                raw, path.resolve().as_uri(), max_nodes=args.max_nodes, name=str(path)
            )
            prediction = predict(model, page, max_nodes=args.max_nodes)
        except OSError as error:
            failed += 1
            say(f"{path}: {error.strerror}")
            continue
        except EngineInputError as error:  # its message names the page
            failed += 1
            say(str(error))
            continue
        text = prediction.good_text(page)
        if args.format == "jsonl":
            record = {"path": str(path), "text": text, "labels": prediction.labels.tolist()}
            print(json.dumps(record, ensure_ascii=False), flush=True)
        elif text:
            # Pages are separated by an empty line; a page with no good text prints nothing.
            print(("\n" if wrote_text else "") + text, flush=True)
            wrote_text = True
        if number % 50 == 0:
            say(f"{number}/{len(files)} files")
    if len(files) > 1 or failed:
        say(f"{len(files) - failed} of {len(files)} files extracted, {failed} failed")
    return 1 if failed else 0


# --- train ---------------------------------------------------------------------------


def load_modern(data: Path, limit: int | None) -> DatasetLoad:
    """The modern pages (kehr_engine.datasets) of ``data``, or a CommandError saying what
    the folder lacks; pages that fail to load are named on stderr."""
    # Imported here: extract, the command people run most, never reads datasets.
    from kehr_engine.datasets import DatasetLoad, load_readability, load_trafilatura_eval

    folders = [data / "readability", data / "trafilatura-eval"]
    if not any(folder.is_dir() for folder in folders):
        raise CommandError(
            f"{data} has neither readability/ nor trafilatura-eval/: give the modern data "
            "folder (e.g. ../shared/data/modern) for --target article."
        )
    load = DatasetLoad()
    if folders[0].is_dir():
        load += load_readability(folders[0], limit)
    if folders[1].is_dir():
        load += load_trafilatura_eval(folders[1], limit)
    for failure in load.failures:
        say(f"left out {failure.page_id}: {failure.reason}")
    if not load.pages:
        raise CommandError(f"no page of {data} could be loaded.")
    say(f"{len(load.pages)} pages loaded")
    return load


def train(args: argparse.Namespace) -> int:
    if not args.out.parent.is_dir():
        raise CommandError(f"cannot write {args.out}: the folder {args.out.parent} does not exist.")
    if args.target == "article":
        return train_article(args)
    gold = load_gold(args.data, args.folders, args.limit, args.layouts)
    model = train_model(
        [p.page for p in gold],
        [p.labels for p in gold],
        groups=args.groups,
        seed=args.seed,
        progress=say,
        max_iter=args.max_iter,
        info={
            "command": f"{PROG} train {args.data.name} --folders {' '.join(args.folders)}"
            + (f" --limit {args.limit}" if args.limit else ""),
            "folders": list(args.folders),
            "limit": args.limit,
        },
    )
    save_model(model, args.out)
    say(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


def train_article(args: argparse.Namespace) -> int:
    load = load_modern(args.data, args.limit)
    model = train_model(
        [p.page for p in load.pages], [p.labels for p in load.pages],
        groups=args.groups, seed=args.seed, progress=say, max_iter=args.max_iter,
        target="article",
        info={
            "command": f"{PROG} train --target article {args.data.name}"
            + (f" --limit {args.limit}" if args.limit else ""),
            "limit": args.limit,
        },
    )  # fmt: skip
    save_model(model, args.out)
    say(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


# --- evaluate ------------------------------------------------------------------------


def evaluate(args: argparse.Namespace) -> int:
    if args.target == "article":
        return evaluate_article(args)
    gold = load_gold(args.data, args.folders, args.limit, args.layouts)
    data = evaluate_pages(
        [p.page for p in gold], [p.labels for p in gold],
        groups=args.groups, k=args.folds, seed=args.seed, progress=say,
        baselines=args.baselines, model=args.model, by_site=args.by_site,
        page_ids=[p.page_id for p in gold], max_iter=args.max_iter,
        votes=[p.votes for p in gold],
    )  # fmt: skip
    text = markdown(data, diff_url=args.diff_url)
    if args.json:
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if args.markdown:
        args.markdown.write_text(text, encoding="utf-8")
    if args.out:
        write_report(data, args.out, args.diff_url)
        say(f"report written to {args.out}/report.md (with report.json and the figures)")
    print(text)
    return 0


def evaluate_article(args: argparse.Namespace) -> int:
    """Page-grouped CV on the modern pages, each dataset scored by its own metric."""
    from kehr_engine.datasets import alignment_report
    from kehr_engine.datasets.cross_validation import (
        BASELINE_NAMES,
        baseline_outputs,
        cross_validated_outputs,
        markdown,
        score,
    )

    load = load_modern(args.data, args.limit)
    sources: dict = {}
    timing: dict[str, float] = {}
    if args.model:
        outputs, timing = cross_validated_outputs(
            load.pages, args.groups, folds=args.folds, seed=args.seed,
            max_iter=args.max_iter, progress=say,
        )  # fmt: skip
        sources["model[" + "+".join(args.groups) + "]"] = score(load.pages, outputs)
    names = [b for b in args.baselines if b in BASELINE_NAMES]
    found, errors, baseline_timing = baseline_outputs(load.pages, names, say)
    sources.update(found)
    text = markdown(sources)
    data = {
        "target": "article",
        "config": {"groups": list(args.groups), "folds": args.folds, "seed": args.seed,
                   "max_iter": args.max_iter, "limit": args.limit},
        "pages": len(load.pages),
        "alignment": alignment_report(load, per_page=True),
        "sources": sources,
        "baseline_errors": errors,
        "timing_s": {k: round(v, 2) for k, v in {**timing, **baseline_timing}.items()},
    }  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    if args.markdown:
        args.markdown.write_text(text, encoding="utf-8")
    print(text)
    return 0


def write_report(data: dict, out: Path, diff_url: str | None = None) -> None:
    """report.json, the figures (SVG and PNG, when matplotlib is installed) and report.md
    showing them, in ``out``."""
    from kehr_engine.plots import PlotsUnavailable, write_plots

    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    images: list[tuple[str, str]] = []
    try:
        written = write_plots(data, out)
    except PlotsUnavailable as error:
        say(f"no figures: {error}")
    else:
        images = [(p.stem.replace("-", " "), p.name) for p in written if p.suffix == ".svg"]
    text = markdown(data, diff_url=diff_url, images=images)
    (out / "report.md").write_text(text, encoding="utf-8")


# --- info ----------------------------------------------------------------------------


def info(args: argparse.Namespace) -> int:
    header = read_header(args.model)
    if args.json:
        print(json.dumps(header, indent=1, sort_keys=True))
        return 0
    version = header.get("feature_version")
    usable = "usable here" if version == FEATURE_VERSION else "NOT usable here: retrain"
    data = header.get("training_data") or {}
    libraries = header.get("libraries") or {}
    lines = [
        f"model file:       {args.model}",
        f"format:           {header['format']} {header['format_version']}",
        f"feature version:  {version} (this engine: {FEATURE_VERSION}; {usable})",
        # Format 1 files had no target: they were all KrdWrd models.
        f"target:           {header.get('target') or 'krdwrd'}",
        f"feature groups:   {', '.join(header.get('groups') or [])} "
        f"({header.get('features')} features, smoothing {header.get('smoothing')})",
        f"lexicon:          {header.get('lexicon_words') or 'none'}"
        f"{' words' if header.get('lexicon_words') else ''}",
        f"created:          {header.get('created')}",
        f"training data:    {data.get('pages')} pages, {data.get('nodes')} nodes "
        f"({data.get('labelled_nodes')} labelled), fingerprint {data.get('fingerprint')}",
        "libraries:        " + ", ".join(f"{k} {v}" for k, v in libraries.items()),
        f"payload:          {header.get('payload_bytes'):,} bytes, "
        f"sha256 {header.get('payload_sha256')}",
    ]
    print("\n".join(lines))
    return 0


# --- the parser ----------------------------------------------------------------------


def add_data_options(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "data", type=Path,
        help="a KrdWrd data folder (e.g. ../shared/data/krdwrd) for --target krdwrd; the "
        "modern pages' folder (e.g. ../shared/data/modern) for --target article",
    )  # fmt: skip
    command.add_argument(
        "--target", choices=sorted(TARGETS), default=DEFAULT_TARGET,
        help="what the model keeps: 'krdwrd' running text (KrdWrd gold pages; the default) "
        "or 'article' main content (Readability's and trafilatura's test pages)",
    )  # fmt: skip
    command.add_argument("--folders", nargs="+", default=list(CANOLA_FOLDERS))
    command.add_argument("--limit", type=positive, help="only the first N pages of each folder")
    command.add_argument(
        "--groups", nargs="+", default=list(DEFAULT_GROUPS), choices=sorted(GROUPS),
        help="feature groups (default: %(default)s)",
    )  # fmt: skip
    command.add_argument(
        "--layouts", type=Path,
        help="a folder of rendered layouts, <folder>/<id>.json (bench/render_krdwrd.py), "
        "for the visual group; pages without one have no visual values",
    )  # fmt: skip
    command.add_argument("--seed", type=int, default=0)
    command.add_argument(
        "--max-iter", type=positive, default=MAX_ITER,
        help="boosting rounds (default %(default)s; fewer for a quick try)",
    )  # fmt: skip


def parser() -> argparse.ArgumentParser:
    main_parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    main_parser.add_argument(
        "--threads", type=positive,
        help="OpenMP threads for scikit-learn (default: all cores; 1 on a busy shared machine, "
        "where more threads wait for each other)",
    )  # fmt: skip
    commands = main_parser.add_subparsers(dest="command", required=True)

    command = commands.add_parser(
        "extract", help="clean text of HTML files or WARC files with a model file"
    )
    command.add_argument(
        "paths", nargs="+", type=Path,
        help="HTML files or folders, or WARC files (.warc, .warc.gz; docs/crawl.md)",
    )  # fmt: skip
    command.add_argument(
        "--model", type=model_path, default=model_path(EXTRACT_MODEL_NAME),
        help="a model file, or a shipped model (docs/models.md): 'article', a page's main "
        "content (the default), or 'krdwrd', running text after the KrdWrd guidelines",
    )  # fmt: skip
    command.add_argument("--format", choices=("text", "jsonl"), default="text")
    command.add_argument("--recursive", action="store_true", help="search subfolders too")
    command.add_argument(
        "--max-nodes", type=positive,
        help="refuse pages with more text nodes (default 100,000 or KEHR_ENGINE_MAX_NODES)",
    )  # fmt: skip
    command.add_argument(
        "--workers", type=positive,
        help="WARC input: worker processes, each loading the model once (default: the cores)",
    )  # fmt: skip
    command.add_argument(
        "--labels", action="store_true", help="WARC input: add each node's label to the JSONL"
    )
    command.set_defaults(run=extract)

    command = commands.add_parser("train", help="train a model file on KrdWrd gold pages")
    add_data_options(command)
    command.add_argument("--out", type=Path, required=True, help="the model file to write")
    command.set_defaults(run=train)

    command = commands.add_parser(
        "evaluate",
        help="score the baselines (and with --model the model, by CV) on KrdWrd gold pages",
    )
    add_data_options(command)
    command.add_argument("--baselines", nargs="+", default=list(BASELINES), choices=BASELINES)
    command.add_argument(
        "--model", action="store_true", help="also cross-validate the model (page-grouped k-fold)"
    )
    command.add_argument("--folds", type=int, default=10)
    command.add_argument("--by-site", action="store_true", help="group folds by site too")
    command.add_argument("--json", type=Path, help="write the JSON report here")
    command.add_argument("--markdown", type=Path, help="write the Markdown report here")
    command.add_argument(
        "--out", type=Path,
        help="a folder for report.md, report.json and the figures (SVG and PNG; matplotlib)",
    )  # fmt: skip
    command.add_argument(
        "--diff-url", metavar="TEMPLATE",
        help="link the worst pages, e.g. "
        "'https://kehr.example/staff/diff/pages/{page_id}/view/?a=classifier:m&b=gold'",
    )  # fmt: skip
    command.set_defaults(run=evaluate)

    command = commands.add_parser("info", help="show a model file's header (never unpickles)")
    command.add_argument(
        "model", type=model_path, help="a model file, or a shipped model: 'article', 'krdwrd'"
    )
    command.add_argument("--json", action="store_true", help="the header as JSON")
    command.set_defaults(run=info)
    return main_parser


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        with threadpool_limits(args.threads):
            return int(args.run(args))
    except (CommandError, EngineInputError) as error:
        message = " ".join(str(error).split())  # one line, whatever the message held
        print(f"{PROG} {args.command}: error: {message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
