"""The method's parameters, with the values of Sorice's thesis as defaults.

Distances are shares of changed blocks; windows are in blocks of
``layout_block`` pixels, counted from the top left corner of the capture.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Window:
    """A rectangle of blocks: ``x`` blocks from the left, ``width`` wide, and so on."""

    x: int
    width: int
    y: int
    height: int

    def slices(self) -> tuple[slice, slice]:
        return slice(self.y, self.y + self.height), slice(self.x, self.x + self.width)


@dataclass(frozen=True)
class StabilityParams:
    # Captures the method looks at (the thesis' limitCaptures).
    limit_captures: int = 30
    # Layout detection: 20 px blocks; a block changed when more than NN0Th of its
    # pixels differ.
    layout_block: int = 20
    layout_nonzero: float = 0.133
    # Step 1, the whole changes map: the same layout below, incompatible above.
    high_same: float = 0.15
    high_incompatible: float = 0.83
    # Step 2, the core window (x 23+44, y 3+46 blocks of a 1920x1080 viewport).
    core_window: Window = Window(23, 44, 3, 46)
    core_same: float = 0.19
    core_incompatible: float = 0.55
    # Step 3, the same layout pattern in the search window: at least NCC neighbouring
    # columns that end in at least NCD changed blocks followed by at least NCS unchanged
    # ones (a banner changed; the content under it did not move).
    search_window: Window = Window(23, 44, 3, 46)
    ncc: int = 7
    ncd: int = 2
    ncs: int = 10
    # Bottom sticky banner: viewport rows changed in more than this share of the
    # comparisons, in a run that ends at the viewport's bottom, are left out of the
    # layout distances (at most ``sticky_max_rows`` rows).
    viewport_height: int = 1080
    sticky_row_changed: float = 0.5
    sticky_votes: float = 0.5
    sticky_max_rows: int = 10
    # Core sections: 10 px blocks; a block is dynamic in one comparison when more than
    # NN0Th of its pixels differ, and dynamic overall when it is so in more than PDE of
    # the comparisons.
    core_block: int = 10
    core_nonzero: float = 0.65
    pde: float = 0.6

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, float) and not 0.0 <= value <= 1.0:
                raise ValueError(f"{f.name} is a share, between 0 and 1; got {value}.")
            if isinstance(value, int) and not isinstance(value, bool) and value < 1:
                raise ValueError(f"{f.name} must be at least 1; got {value}.")
        if self.limit_captures < 2:
            raise ValueError("limit_captures must be at least 2: the method compares captures.")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StabilityParams:
        """Parameters from stored data; unknown names are refused, windows are lists."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown stability parameters {unknown}; known: {sorted(known)}.")
        values = dict(data)
        for name in ("core_window", "search_window"):
            if name in values and not isinstance(values[name], Window):
                window = values[name]
                if isinstance(window, dict):
                    window = [window.get(k) for k in ("x", "width", "y", "height")]
                if not (isinstance(window, list | tuple) and len(window) == 4
                        and all(isinstance(v, int) and v >= 0 for v in window)):  # fmt: skip
                    raise ValueError(f"{name} is four whole numbers: x, width, y, height.")
                values[name] = Window(*window)
        return cls(**values)
