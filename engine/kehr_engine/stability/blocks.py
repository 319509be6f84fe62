"""Comparing two captures block by block.

A capture is a screenshot as a 2-D ``uint32`` array, one packed RGB value per pixel
(:func:`pixels`), so one ``!=`` compares all three channels. The blocks are a reshaped
view of the difference (no copy, one pass per pair of captures); captures of different
sizes are compared over their common top-left region, and a last partial row or column
of blocks (narrower than a block) is left out.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np

__all__ = ["block_grid", "block_pixels", "changed_share", "changed_share_loop", "pixels",
           "tint_blocks"]  # fmt: skip


def pixels(image: bytes | Path | np.ndarray) -> np.ndarray:
    """A capture (PNG bytes, a path, or an H x W x 3/4 array) as H x W packed RGB."""
    if isinstance(image, np.ndarray) and image.ndim == 2:
        return image.astype(np.uint32, copy=False)
    if not isinstance(image, np.ndarray):
        from PIL import Image, UnidentifiedImageError  # only captures need Pillow

        source = io.BytesIO(image) if isinstance(image, bytes) else image
        try:
            with Image.open(source) as picture:
                image = np.asarray(picture.convert("RGB"))
        except (UnidentifiedImageError, OSError) as error:
            raise ValueError(f"not a readable image: {error}") from None
    if image.ndim != 3 or image.shape[2] < 3:
        raise ValueError(f"a capture is H x W x 3 (RGB); got shape {image.shape}.")
    rgb = image[:, :, :3].astype(np.uint32)
    return (rgb[:, :, 0] << 16) | (rgb[:, :, 1] << 8) | rgb[:, :, 2]


def block_pixels(grid: np.ndarray, block: int) -> np.ndarray:
    """A per-block grid blown up to one value per pixel (``block`` px a side)."""
    return np.repeat(np.repeat(grid, block, 0), block, 1)


def tint_blocks(
    rgb: np.ndarray, blocks: np.ndarray, block: int, colour: tuple[int, int, int], keep: float
) -> np.ndarray:
    """A copy of an H x W x 3 image with the True blocks blended towards ``colour`` (``keep``
    of the pixel's own value stays); pixels past the grid are left as they are."""
    out = rgb.copy()
    region = out[: blocks.shape[0] * block, : blocks.shape[1] * block]
    mask = block_pixels(blocks, block)[: region.shape[0], : region.shape[1]]
    region[mask] = (region[mask] * keep + np.array(colour) * (1 - keep)).astype(np.uint8)
    return out


def block_grid(shape: tuple[int, int], block: int) -> tuple[int, int]:
    """Rows and columns of whole blocks in a capture of ``shape`` (height, width)."""
    return shape[0] // block, shape[1] // block


def common_shape(*captures: np.ndarray) -> tuple[int, int]:
    return min(c.shape[0] for c in captures), min(c.shape[1] for c in captures)


def changed_share(
    a: np.ndarray, b: np.ndarray, block: int, shape: tuple[int, int] | None = None
) -> np.ndarray:
    """Per block, the share of its pixels that differ between captures ``a`` and ``b``."""
    height, width = shape or common_shape(a, b)
    rows, columns = block_grid((height, width), block)
    h, w = rows * block, columns * block
    different = a[:h, :w] != b[:h, :w]
    counts = np.count_nonzero(different.reshape(rows, block, columns, block), axis=(1, 3))
    return counts / float(block * block)


def changed_share_loop(a: np.ndarray, b: np.ndarray, block: int) -> np.ndarray:
    """The same figures block after block in a Python loop: the benchmark's baseline."""
    rows, columns = block_grid(common_shape(a, b), block)
    out = np.zeros((rows, columns))
    for row in range(rows):
        for column in range(columns):
            top, left = row * block, column * block
            a_block = a[top : top + block, left : left + block]
            b_block = b[top : top + block, left : left + block]
            out[row, column] = np.count_nonzero(a_block != b_block) / (block * block)
    return out
