#!/usr/bin/env python3
"""Draw the app's icons for the web app manifest (issue 26): run once, commit the PNGs.

    .venv/bin/python scripts/make_icons.py

The favicon's chip (static/root/favicon.ico) at the sizes a phone installs:
192 and 512 px on a transparent ground, a 512 px "maskable" one on the felt's
green to the edges (a launcher cuts it to a circle or a squircle: the chip stays
inside the safe zone, the middle 80 %), and a 180 px one for iOS's home screen.
Pillow comes with matplotlib in the venv. Drawn four times larger, then scaled
down, for smooth edges.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
FELT = (15, 81, 50, 255)  # --felt in app.css, the theme colour
WHITE = (255, 255, 255, 255)
SCALE = 4


def chip(size: int, *, fill: float, ground: tuple[int, int, int, int]) -> Image.Image:
    """The chip, ``fill`` of the image's width, on ``ground``."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), ground)
    draw = ImageDraw.Draw(image)
    c, r = big / 2, big * fill / 2

    def disc(radius: float, colour: tuple[int, int, int, int]) -> None:
        draw.ellipse((c - radius, c - radius, c + radius, c + radius), fill=colour)

    disc(r, FELT)
    # Eight edge spots, white rounded blocks between the rim and the inner ring.
    for n in range(8):
        angle = math.pi / 8 + n * math.pi / 4
        x, y = c + 0.78 * r * math.cos(angle), c + 0.78 * r * math.sin(angle)
        h = 0.13 * r
        corners = [
            (x + dx * math.cos(angle) - dy * math.sin(angle),
             y + dx * math.sin(angle) + dy * math.cos(angle))
            for dx, dy in ((-h, -h), (h, -h), (h, h), (-h, h))
        ]  # fmt: skip
        draw.polygon(corners, fill=WHITE)
    disc(0.58 * r, WHITE)
    disc(0.5 * r, FELT)
    # The spade: two lobes, a point on top, a stem.
    s = 0.3 * r
    lobe = 0.5 * s
    for dx in (-0.47 * s, 0.47 * s):
        disc_x, disc_y = c + dx, c + 0.18 * s
        draw.ellipse((disc_x - lobe, disc_y - lobe, disc_x + lobe, disc_y + lobe), fill=WHITE)
    draw.polygon(
        [(c, c - 1.1 * s), (c - 0.9 * s, c + 0.0 * s), (c + 0.9 * s, c + 0.0 * s)],
        fill=WHITE,
    )
    draw.rectangle((c - 0.5 * s, c, c + 0.5 * s, c + 0.45 * s), fill=WHITE)
    draw.polygon(
        [(c, c + 0.2 * s), (c - 0.38 * s, c + 1.0 * s), (c + 0.38 * s, c + 1.0 * s)], fill=WHITE
    )
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    clear = (0, 0, 0, 0)
    chip(192, fill=1.0, ground=clear).save(OUT / "icon-192.png", optimize=True)
    chip(512, fill=1.0, ground=clear).save(OUT / "icon-512.png", optimize=True)
    chip(512, fill=0.78, ground=FELT).save(OUT / "icon-maskable-512.png", optimize=True)
    apple = chip(180, fill=0.86, ground=FELT)
    apple.convert("RGB").save(OUT / "apple-touch-icon.png", optimize=True)
    for path in sorted(OUT.glob("*.png")):
        print(path.relative_to(OUT.parents[1]), path.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
