"""Synthetic captures for the visual stability tests: a page whose ads change.

A 1920x1080 viewport: a header, a text column of stripes, a side ad whose pixels are
noise seeded by the visit (so every visit shows another ad), optionally a top banner
that pushes the text down and a sticky bottom banner that changes too.
"""

from __future__ import annotations

import numpy as np

WIDTH, HEIGHT = 1920, 1080
AD = (1500, 200, 300, 400)  # x, y, width, height
TEXT_COLUMN = (460, 880)  # x, width
BANNER = 200  # px the top banner pushes the text down


def capture(visit: int, *, banner: bool = False, sticky: bool = False, height: int = HEIGHT):
    rng = np.random.default_rng(visit)
    image = np.full((height, WIDTH, 3), 255, dtype=np.uint8)
    image[0:60, :, :] = (30, 60, 90)  # header
    top = 100 + (BANNER if banner else 0)
    if banner:
        image[70 : 70 + BANNER - 20, 300:1600] = rng.integers(0, 256, (BANNER - 20, 1300, 3))
    x, width = TEXT_COLUMN
    for line, y in enumerate(range(top, height - 80, 24)):
        # Lines of "text": stripes of varying length, the same on every visit.
        length = width - (line * 37) % 200
        image[y : y + 12, x : x + length] = (20, 20, 20)
        image[y + 4 : y + 8, x + 5 : x + length : 9] = (255, 255, 255)
    ax, ay, aw, ah = AD
    image[ay : ay + ah, ax : ax + aw] = rng.integers(0, 256, (ah, aw, 3))
    if sticky:
        image[HEIGHT - 60 : HEIGHT, :] = rng.integers(0, 256, (60, WIDTH, 3))
    return image
