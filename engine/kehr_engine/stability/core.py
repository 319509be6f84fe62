"""Core sections: which blocks of the page stay put across the visits of one layout.

Within the largest layout cluster every pair of captures is compared (the full mesh)
with ``core_block`` px blocks; in one comparison a block is dynamic when more than
``core_nonzero`` of its pixels differ, and it is dynamic overall when that happens in
more than ``pde`` of the comparisons. The result, a :class:`StabilityMap`, covers the
region all the cluster's captures share.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kehr_engine.stability.blocks import block_pixels, changed_share, common_shape
from kehr_engine.stability.layouts import LayoutCluster, cluster_captures
from kehr_engine.stability.params import StabilityParams

__all__ = ["StabilityMap", "core_sections", "dynamic_shares"]

MAP_VERSION = 1


@dataclass(frozen=True)
class StabilityMap:
    """The static/dynamic block grid of one page, and how it was found."""

    dynamic_share: np.ndarray  # (rows, columns): share of comparisons that saw it change
    pde: float  # dynamic overall above this share
    block: int  # px per block side
    layouts: int  # layouts the captures fell into
    captures: int  # captures in the largest layout (the ones compared)
    total_captures: int

    @property
    def static(self) -> np.ndarray:
        return self.dynamic_share <= self.pde

    @property
    def size(self) -> tuple[int, int]:
        """The covered region in px: (width, height)."""
        rows, columns = self.dynamic_share.shape
        return columns * self.block, rows * self.block

    def as_json(self) -> dict[str, Any]:
        shares = np.round(self.dynamic_share * 255).astype(np.uint8)
        return {
            "version": MAP_VERSION,
            "block": self.block,
            "pde": self.pde,
            "layouts": self.layouts,
            "captures": self.captures,
            "total_captures": self.total_captures,
            "shape": list(shares.shape),
            # 0-255 per block: the share of comparisons in which it changed.
            "dynamic_share": base64.b64encode(shares.tobytes()).decode("ascii"),
        }

    @classmethod
    def from_json(cls, data: Any) -> StabilityMap:
        try:
            if data.get("version") != MAP_VERSION:
                raise ValueError(
                    f"stability map version {data.get('version')!r}; this engine reads "
                    f"{MAP_VERSION}: run the method again."
                )
            rows, columns = (int(v) for v in data["shape"])
            raw = np.frombuffer(base64.b64decode(data["dynamic_share"], validate=True), np.uint8)
            if raw.size != rows * columns:
                raise ValueError(f"has {raw.size} blocks, its shape says {rows}x{columns}")
            return cls(
                dynamic_share=raw.reshape(rows, columns) / 255.0,
                pde=float(data["pde"]),
                block=int(data["block"]),
                layouts=int(data["layouts"]),
                captures=int(data["captures"]),
                total_captures=int(data["total_captures"]),
            )
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a stability map: {error}") from None

    def mask_png(self) -> bytes:
        """The mask as a PNG of the covered size: white static, black dynamic."""
        from PIL import Image

        picture = block_pixels(self.static, self.block)
        out = io.BytesIO()
        Image.fromarray((picture * 255).astype(np.uint8), "L").save(out, "PNG", optimize=True)
        return out.getvalue()


def dynamic_shares(
    captures: Sequence[np.ndarray], params: StabilityParams
) -> tuple[np.ndarray, int]:
    """Per block, the share of the full mesh's comparisons that saw it change."""
    shape = common_shape(*captures)
    counts = None
    pairs = 0
    for i in range(len(captures)):
        for j in range(i + 1, len(captures)):
            dynamic = changed_share(captures[i], captures[j], params.core_block, shape)
            dynamic = dynamic > params.core_nonzero
            counts = dynamic.astype(np.int32) if counts is None else counts + dynamic
            pairs += 1
    if counts is None:
        raise ValueError("core sections need at least two captures of one layout.")
    return counts / pairs, pairs


def core_sections(
    captures: Sequence[np.ndarray],
    params: StabilityParams | None = None,
    clusters: list[LayoutCluster] | None = None,
) -> StabilityMap:
    """The stability map of one page from its captures (packed RGB, :func:`.pixels`)."""
    params = params or StabilityParams()
    captures = list(captures)[: params.limit_captures]
    if len(captures) < 2:
        raise ValueError(
            f"the page has {len(captures)} capture(s); the method compares at least two "
            "visits: harvest with --visits 2 or more."
        )
    clusters = clusters if clusters is not None else cluster_captures(captures, params)
    largest = clusters[0]
    if len(largest.members) < 2:
        raise ValueError(
            f"the {len(captures)} captures fell into {len(clusters)} layouts, none seen "
            "twice: there is no layout to compare; visit the page more often."
        )
    shares, _ = dynamic_shares([captures[i] for i in largest.members], params)
    return StabilityMap(
        dynamic_share=shares,
        pde=params.pde,
        block=params.core_block,
        layouts=len(clusters),
        captures=len(largest.members),
        total_captures=len(captures),
    )
