"""Colours a player can tell apart (issue 17), checked by numbers.

- The simulator draws each stone with a light rim on dark sand: the rim
  contrasts with the sand at least 3:1 (WCAG 2.x, 1.4.11 non-text contrast),
  whatever the stone's colour, and so does the warm-white stone itself.
- Each player's colour is the colour it is named: Kanaloa's yellow has the
  hue of yellow (not orange).
- The LED palette's pairs that share a board stay apart for colour-blind
  eyes: the colours are simulated for protanopia, deuteranopia and
  tritanopia (Machado, Oliveira, Fernandes 2009, severity 1) and compared in
  CIELAB (Delta E 1976). Kahuna, Rukuni and Duell pair warm white with blue
  (and the yellow towers/draws); those pairs stay at least 40 apart. Kanaloa's
  four colours cannot all stay apart (red and green merge for deuteranopes):
  there each player's pieces carry a signature of short dark blips
  (frame.MARK + seat), checked in tests/test_kanaloa_device.py.
"""

import re
from pathlib import Path

from companion.hal.frame import PLAYER, YELLOW, RED
from companion.hal.leds import PALETTE

CSS = (Path(__file__).resolve().parent.parent / "host_tools" / "sim" / "page" / "sim.css").read_text()


def rgb(code):
    return tuple(PALETTE[3 * code:3 * code + 3])


def hex_rgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


def luminance(c):
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def css_colour(rule, prop):
    m = re.search(re.escape(rule) + r"\s*\{[^}]*?" + prop + r":\s*(#[0-9a-f]{6})", CSS)
    assert m, (rule, prop)
    return hex_rgb(m.group(1))


def test_stones_stand_out_on_the_sand():
    sand = css_colour(".island .base", "fill")
    assert css_colour(".cell .base", "fill") == sand
    rim = css_colour("circle.light", "stroke")
    assert contrast(rim, sand) >= 3
    assert contrast(rgb(PLAYER), sand) >= 3  # the warm-white stone itself
    assert contrast(rgb(YELLOW), sand) >= 3
    for code in (PLAYER + 1, PLAYER + 2, PLAYER + 3, RED):  # dark stones: the light rim against them
        assert contrast(rgb(code), rim) >= 3, code


def hue(c):
    r, g, b = (v / 255 for v in c)
    mx, mn = max(r, g, b), min(r, g, b)
    if mx == mn:
        return 0
    if mx == r:
        return (60 * (g - b) / (mx - mn)) % 360
    if mx == g:
        return 60 * (b - r) / (mx - mn) + 120
    return 60 * (r - g) / (mx - mn) + 240


def test_each_player_is_the_colour_it_is_named():
    from companion.ui.kanaloa import COLOUR

    assert 48 <= hue(rgb(COLOUR["yellow"])) <= 62  # yellow, not orange (about 40 and below)
    assert hue(rgb(COLOUR["red"])) < 10 and 100 <= hue(rgb(COLOUR["green"])) <= 150
    assert 210 <= hue(rgb(COLOUR["blue"])) <= 250


# Machado et al. 2009, severity 1.0, on linear RGB
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def to_lin(c):
    return [(v / 255 / 12.92) if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]


def lab(lin):
    r, g, b = (min(1, max(0, v)) for v in lin)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen_as(c, kind):
    lin = to_lin(c)
    return lab([sum(m * v for m, v in zip(row, lin)) for row in CVD[kind]])


def delta(a, b):
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def test_led_pairs_stay_apart_for_colour_blind_eyes():
    white, blue, yellow = rgb(PLAYER), rgb(PLAYER + 1), rgb(YELLOW)
    for kind in CVD:
        for a, b in ((white, blue), (blue, yellow)):
            assert delta(seen_as(a, kind), seen_as(b, kind)) >= 40, (kind, a, b)
    # warm white and yellow differ in lightness and saturation, less in hue: a smaller, still visible gap
    for kind in CVD:
        assert delta(seen_as(white, kind), seen_as(yellow, kind)) >= 15, kind
