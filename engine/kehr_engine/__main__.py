"""``python -m kehr_engine evaluate DATA``: the engine from the shell (docs/engine.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kehr_engine.baselines import BASELINES
from kehr_engine.evaluation import cross_validate, evaluate_baselines, markdown, report
from kehr_engine.features import DEFAULT_GROUPS, GROUPS
from kehr_engine.krdwrd.corpus import CANOLA_FOLDERS, CorpusError, load_canola


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kehr_engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    evaluate = commands.add_parser(
        "evaluate",
        help="score the baselines (and with --model the model, by CV) on KrdWrd gold pages",
    )
    evaluate.add_argument(
        "data", type=Path, help="a KrdWrd data folder (e.g. ../shared/data/krdwrd)"
    )
    evaluate.add_argument("--folders", nargs="+", default=list(CANOLA_FOLDERS))
    evaluate.add_argument("--baselines", nargs="+", default=list(BASELINES), choices=BASELINES)
    evaluate.add_argument("--limit", type=int, help="only the first N pages of each folder")
    evaluate.add_argument(
        "--model", action="store_true", help="also cross-validate the model (page-grouped k-fold)"
    )
    evaluate.add_argument(
        "--groups", nargs="+", default=list(DEFAULT_GROUPS), choices=sorted(GROUPS)
    )
    evaluate.add_argument("--folds", type=int, default=10)
    evaluate.add_argument("--by-site", action="store_true", help="group folds by site too")
    evaluate.add_argument("--seed", type=int, default=0)
    evaluate.add_argument("--json", type=Path, help="write the JSON report here")
    evaluate.add_argument("--markdown", type=Path, help="write the Markdown report here")
    args = parser.parse_args(argv)

    try:
        pages = load_canola(args.data, tuple(args.folders), args.limit)
    except CorpusError as error:
        parser.error(str(error))
    say = lambda line: print(line, file=sys.stderr)  # noqa: E731
    say(f"{len(pages)} pages loaded")
    results = evaluate_baselines(pages, args.baselines, say)
    extra: dict[str, object] = {}
    if args.model:
        model_results, timing = cross_validate(
            pages, args.groups, k=args.folds, seed=args.seed, by_site=args.by_site, progress=say
        )
        results = model_results + results
        extra = {"seed": args.seed, "folds": args.folds, "by_site": args.by_site, **timing}
    data = report(pages, results, **extra)
    text = markdown(data)
    if args.json:
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if args.markdown:
        args.markdown.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
