"""Visual stability's speed (issue 14): core sections and layout detection.

Synthetic 1920x1080 captures of one page (tests/stability_pages.py: a text column, a
side ad that changes on every visit, and a banner that pushes the text down on some
visits, a second layout).

- core_s_30: core sections for 30 captures of one layout: the full mesh (435
  comparisons of 10 px blocks), vectorised (kehr_engine.stability.core).
- loop_ratio: the same comparisons block after block in a Python loop
  (blocks.changed_share_loop), per comparison, against the vectorised ones in the same
  run; the loop runs on a sample of pairs (``--loop-pairs``), the mean is the figure.
- layout_s_100: grouping 100 captures (a fifth of them in the banner layout) by layout.
  The grouping found is checked against the known one.

--quick: the same sizes with 2 loop pairs instead of 10 (about 5 s).
Last line: BENCH visual core_s_30=… loop_ratio=… layout_s_100=… vector_ms_per_pair=…
loop_ms_per_pair=…
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine"), str(REPO)]

from kehr_engine.stability import StabilityParams, cluster_captures, core_sections  # noqa: E402
from kehr_engine.stability.blocks import changed_share, changed_share_loop, pixels  # noqa: E402
from tests.stability_pages import capture  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    parser.add_argument("--loop-pairs", type=int, default=None)
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    core_n, layout_n = (4, 6) if args.smoke else (30, 100)
    loop_pairs = args.loop_pairs or (1 if args.smoke else 2 if args.quick else 10)
    params = StabilityParams(limit_captures=max(core_n, layout_n))

    core_captures = [pixels(capture(v)) for v in range(core_n)]
    start = time.perf_counter()
    smap = core_sections(core_captures, params)
    core_s = time.perf_counter() - start
    pairs = core_n * (core_n - 1) // 2
    dynamic = int((~smap.static).sum())
    print(f"core sections: {core_n} captures, {pairs} comparisons in {core_s:.2f} s; "
          f"{dynamic} of {smap.static.size} blocks dynamic", flush=True)  # fmt: skip

    vector_times, loop_times = [], []
    for i in range(loop_pairs):
        a, b = core_captures[i], core_captures[i + 1]
        start = time.perf_counter()
        fast = changed_share(a, b, params.core_block)
        vector_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        slow = changed_share_loop(a, b, params.core_block)
        loop_times.append(time.perf_counter() - start)
        assert (fast == slow).all(), "the loop and the vectorised comparison disagree"
    vector_pair = sum(vector_times) / len(vector_times)
    loop_pair = sum(loop_times) / len(loop_times)
    ratio = loop_pair / vector_pair
    print(f"one comparison: vectorised {vector_pair * 1000:.1f} ms, loop "
          f"{loop_pair * 1000:.0f} ms ({ratio:.0f}x)", flush=True)  # fmt: skip

    banner = {v for v in range(layout_n) if v % 5 == 2}
    layout_captures = [pixels(capture(v, banner=v in banner)) for v in range(layout_n)]
    start = time.perf_counter()
    clusters = cluster_captures(layout_captures, params)
    layout_s = time.perf_counter() - start
    found = sorted(sorted(c.members) for c in clusters)
    expected = sorted([sorted(set(range(layout_n)) - banner), sorted(banner)])
    assert found == expected, f"layouts grouped wrongly: {found}"
    print(f"layouts: {layout_n} captures in {layout_s:.2f} s, {len(clusters)} layouts as known",
          flush=True)  # fmt: skip

    figures = {
        f"core_s_{core_n}": round(core_s, 3),
        "loop_ratio": round(ratio, 1),
        f"layout_s_{layout_n}": round(layout_s, 3),
        "vector_ms_per_pair": round(vector_pair * 1000, 2),
        "loop_ms_per_pair": round(loop_pair * 1000, 1),
    }
    if args.out:
        args.out.write_text(json.dumps(figures, indent=1) + "\n")
    print("BENCH visual " + " ".join(f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
