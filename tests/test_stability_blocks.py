"""Block comparison of two captures (kehr_engine.stability.blocks)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from kehr_engine.stability.blocks import changed_share, changed_share_loop, pixels


def test_pixels_packs_rgb_so_any_channel_counts():
    image = np.zeros((2, 2, 3), dtype=np.uint8)
    other = image.copy()
    other[0, 0, 2] = 1  # only blue differs
    other[1, 1, 0] = 255  # only red
    assert (pixels(image) != pixels(other)).tolist() == [[True, False], [False, True]]


def test_pixels_reads_png_bytes_and_drops_alpha():
    rgba = np.zeros((3, 4, 4), dtype=np.uint8)
    rgba[..., 0] = 200
    rgba[..., 3] = 7
    out = io.BytesIO()
    Image.fromarray(rgba, "RGBA").save(out, "PNG")
    packed = pixels(out.getvalue())
    assert packed.shape == (3, 4)
    assert (packed == 200 << 16).all()


def test_pixels_refuses_what_is_not_an_image():
    with pytest.raises(ValueError, match="not a readable image"):
        pixels(b"GIF? no, just text")
    with pytest.raises(ValueError, match="H x W x 3"):
        pixels(np.zeros((4, 4, 1), dtype=np.uint8))


def test_changed_share_counts_differing_pixels_per_block():
    a = np.zeros((40, 60), dtype=np.uint32)
    b = a.copy()
    b[0:10, 0:10] = 1  # a quarter of block (0, 0)
    b[20:40, 40:60] = 5  # all of block (1, 2)
    share = changed_share(a, b, 20)
    assert share.shape == (2, 3)
    assert share[0, 0] == pytest.approx(0.25)
    assert share[1, 2] == 1.0
    assert share.sum() == pytest.approx(1.25)


def test_captures_of_different_sizes_are_compared_on_their_common_region():
    a = np.zeros((45, 60), dtype=np.uint32)  # 45 px: two whole 20 px rows, 5 px left out
    b = np.ones((100, 50), dtype=np.uint32)
    share = changed_share(a, b, 20)
    assert share.shape == (2, 2)  # min height 45 -> 2 rows; min width 50 -> 2 columns
    assert (share == 1.0).all()


@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 6),
    st.integers(1, 70),
    st.integers(1, 70),
    st.integers(0, 2**32 - 1),
)
def test_vectorised_and_loop_agree(block, height, width, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 3, (height, width)).astype(np.uint32)
    b = rng.integers(0, 3, (height + 3, width)).astype(np.uint32)
    np.testing.assert_allclose(changed_share(a, b, block), changed_share_loop(a, b, block))
