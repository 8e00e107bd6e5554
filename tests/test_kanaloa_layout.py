"""The project's own Kanaloa board (board_layouts/kanaloa.json)."""

import subprocess
import sys
from itertools import combinations

from companion.core.kanaloa import GODS
from companion.layout.check import check
from host_tools.paths import ROOT, load_layout

LAYOUT = load_layout("kanaloa")
ISLANDS = {i["name"]: i for i in LAYOUT["islands"]}
CONNS = [(c["a"], c["b"]) for c in LAYOUT["connections"]]
DEGREE_OF_SIZE = {"small": 3, "large": 5, "oro": 7}
BAND = 380 / 7  # the serpentine's bands of the drawing, from the top


def point(name):
    return ISLANDS[name]["x"], ISLANDS[name]["y"]


def degrees():
    d = dict.fromkeys(ISLANDS, 0)
    for a, b in CONNS:
        d[a] += 1
        d[b] += 1
    return d


def test_islands_and_degrees_are_the_printed_ones():
    d = degrees()
    assert len(ISLANDS) == 16 and len(CONNS) == 37
    assert sorted(d.values()) == [3] * 4 + [5] * 11 + [7]
    assert d["ORO"] == 7 and d["DALI"] == 3 and d["KULU"] == 3
    for name, island in ISLANDS.items():
        assert DEGREE_OF_SIZE[island["size"]] == d[name], name


def orient(p, q, r):
    v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (v > 0) - (v < 0)


def cross(p1, p2, p3, p4):
    """Proper intersection or touching of segments p1p2 and p3p4."""
    o1, o2, o3, o4 = orient(p1, p2, p3), orient(p1, p2, p4), orient(p3, p4, p1), orient(p3, p4, p2)
    if o1 != o2 and o3 != o4:
        return True

    def on(p, q, r):  # r on segment pq, given collinear
        return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])

    return (o1 == 0 and on(p1, p2, p3)) or (o2 == 0 and on(p1, p2, p4)) \
        or (o3 == 0 and on(p3, p4, p1)) or (o4 == 0 and on(p3, p4, p2))


def distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return ((a[0] + t * dx - p[0]) ** 2 + (a[1] + t * dy - p[1]) ** 2) ** 0.5


def test_the_segment_check_can_fail():
    assert cross((0, 0), (10, 10), (0, 10), (10, 0))
    assert cross((0, 0), (10, 0), (5, 0), (20, 0))
    assert not cross((0, 0), (10, 0), (0, 5), (10, 5))


def test_no_two_connections_cross():
    for (a, b), (c, d) in combinations(CONNS, 2):
        if len({a, b, c, d}) == 4:
            assert not cross(point(a), point(b), point(c), point(d)), "%s-%s crosses %s-%s" % (a, b, c, d)


def test_no_connection_passes_over_another_island():
    for a, b in CONNS:
        for name in ISLANDS:
            if name not in (a, b):
                assert distance(point(name), point(a), point(b)) > 30, (a, b, name)


def element_codes():
    out = {}
    for e in LAYOUT["islands"]:
        out[e["led"]] = (e["x"], e["y"])
    for e in LAYOUT["connections"]:
        (ax, ay), (bx, by) = point(e["a"]), point(e["b"])
        out[e["led"]] = ((ax + bx) / 2, (ay + by) / 2)
    return out


def test_leds_and_buttons_follow_one_serpentine_path():
    elements = LAYOUT["islands"] + LAYOUT["connections"]
    assert all(e["led"] == e["button"] for e in elements)
    assert sorted(e["led"] for e in elements) == list(range(53))
    assert [c["button"] for c in LAYOUT["controls"]] == [53, 54, 55]
    assert [c["name"] for c in LAYOUT["controls"]] == ["TURN", "UNDO", "MENU"]
    pos = element_codes()
    for k in range(52):
        (x0, y0), (x1, y1) = pos[k], pos[k + 1]
        b0, b1 = int(y0 // BAND), int(y1 // BAND)
        assert b0 <= b1, "LED %d goes back up a band" % (k + 1)
        if b0 == b1:  # even bands left to right, odd bands right to left
            assert (x1 >= x0) if b0 % 2 == 0 else (x1 <= x0), "LED %d runs against its band" % (k + 1)


def test_it_says_it_is_the_projects_own_board_and_has_a_god_pool():
    assert "NOT the printed board" in LAYOUT["note"]
    assert set(LAYOUT["gods"]) == set(GODS) and sum(LAYOUT["gods"].values()) == 16


def test_layout_check_passes():
    assert check(LAYOUT) == []
    proc = subprocess.run([sys.executable, "-m", "host_tools.cli", "layout", "check", "board_layouts/kanaloa.json"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_layout_draw_writes_every_island(tmp_path):
    out = tmp_path / "kanaloa.svg"
    proc = subprocess.run([sys.executable, "-m", "host_tools.cli", "layout", "draw", "board_layouts/kanaloa.json",
                           "-o", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    svg = out.read_text()
    for name in ISLANDS:
        assert ">%s<" % name in svg


def test_replay_draws_a_kanaloa_game(tmp_path):
    out = tmp_path / "game.svg"
    log = ROOT / "tests" / "logs" / "kanaloa_four_players.jsonl"
    proc = subprocess.run([sys.executable, "-m", "host_tools.cli", "replay", str(log), "-o", str(out)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    svg = out.read_text()
    assert "Winner: green" in svg and ">ORO<" in svg
