"""Random games: the core against the reference, invariants, undo, replay.

CPython only, for hypothesis and the reference rules (tests/reference_kahuna.py);
native MicroPython replays and undoes such games state for state in
tests/test_native_games.py."""

import json
import random
import subprocess
import sys

from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.core.log import replay
from companion.hal.frame import BLINK, FAST, PLAYER, STEADY, Frame
from companion.ui import kahuna as kahuna_ui
from host_tools.paths import load_layout

from .random_kahuna import random_game
from .scenarios.common import rules

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=150, deadline=None)
@given(seeds)
def test_core_agrees_with_reference_and_replay(seed):
    lines, live = random_game(random.Random(seed))
    traced = []
    replay(lines, load_layout, lambda game, event: traced.append(game.state()))
    assert traced == live[1:]


def fresh_paint(g, led):
    """Each element's LED: its owner's colour, in the game or on the real
    board; blinking to put on, fast to take off."""
    colour, effect = bytearray(39), bytearray(39)
    for k in range(len(led)):
        now, was = g.s[k], g.s[g.real_at + k]
        if now or was:
            colour[led[k]] = PLAYER + (now or was) - 1  # (an island changing hands: its new owner)
            effect[led[k]] = STEADY if now == was else BLINK if now else FAST
    return colour, effect


@settings(max_examples=60, deadline=None)
@given(seeds)
@example(16242)  # a short game in which nothing is ever to be taken off or put on
def test_invariants_after_every_event(seed):
    lines, states = random_game(random.Random(seed))
    game = None

    def check(g, event):
        b = g.board
        for p in (0, 1):
            on_board = sum(1 for c in range(len(b.conn_names)) if g.owner(c) == p + 1)
            assert on_board == g.sticks(p) <= 25
            assert sum(1 for i in range(len(b.island_names)) if g.stone(i) == p + 1) == g.stones(p)
        for i in range(len(b.island_names)):
            for p in (1, 2):
                # a stone exactly where its owner holds more than half
                assert (g.stone(i) == p) == (2 * g.count(p, i) > b.degree[i])
        state = g.state()
        assert 1 <= state["round"] <= 3
        assert (state["winner"] is None) != state["over"]
        # the to-do's quick test (slices compared in C) says what a look at every element says
        assert g.todo_open() == any(g.todo_at(e) for e in range(g.elements()))
        opened.append(g.todo_open())
        # the LEDs (painted from a copy, again only where slots changed) as painted afresh
        if not ui:
            ui.append(kahuna_ui.UI(g, layout))
        frame = Frame(39)
        ui[0].leds(frame)
        assert (frame.colour, frame.effect) == fresh_paint(g, ui[0].led)

    opened = []
    ui = []
    layout = load_layout("kahuna")
    game = replay(lines, load_layout, check)
    assert game.state()["over"] or len(lines) > 500
    # The to-do opens at least once exactly when a stone had to go on or off,
    # or an UNDO moved a stick (the live states, checked against the reference).
    moved = any(before["stones"] != after["stones"]
                or json.loads(line)["op"] == "undo" and before["sticks"] != after["sticks"]
                for line, before, after in zip(lines[1:], states, states[1:]))
    assert (True in opened) == moved


@settings(max_examples=60, deadline=None)
@given(seeds)
@example(3198)  # games capped at 500 events that end in an undo
@example(4675)
@example(7998)
@example(19802)
@example(187795758)
def test_undo_back_to_the_start_retraces_history(seed):
    lines, live = random_game(random.Random(seed))
    game = replay(lines, load_layout)
    # the live states with undone events dropped are the states in effect
    in_effect = [live[0]]
    for line, state in zip(lines[1:], live[1:]):
        if json.loads(line)["op"] == "undo":
            if len(in_effect) > 1:
                in_effect.pop()
        else:
            in_effect.append(state)
    # UNDO moves no piece: the to-do may differ (a game that ends in an undo keeps the
    # to-do of what the undone event put on the board), so the rules' state is compared
    assert rules(game.state()) == rules(in_effect[-1])
    for expected in reversed(in_effect[:-1]):
        game.apply({"op": "undo"})
        assert rules(game.state()) == rules(expected)
    game.apply({"op": "undo"})
    assert rules(game.state()) == rules(in_effect[0])


def test_cli_trace_equals_live_play(tmp_path):
    for seed in range(5):
        lines, live = random_game(random.Random(seed))
        log = tmp_path / ("game%d.jsonl" % seed)
        log.write_text("\n".join(lines) + "\n")
        out = subprocess.run([sys.executable, "-m", "host_tools.cli", "replay", "--trace", str(log)],
                             capture_output=True, text=True, check=True).stdout
        assert [json.loads(l) for l in out.splitlines()] == live[1:]


def test_games_reach_every_ending():
    endings = set()
    for seed in range(300):
        lines, live = random_game(random.Random(seed))
        last = live[-1]
        if last["over"]:
            game = replay(lines, load_layout)
            endings.add(game.decided_by())
    assert {"points", "early end"} <= endings, endings


def test_micropython_replays_random_games_identically():
    from host_tools.micropython import run

    games = [random_game(random.Random(seed)) for seed in range(40)]
    code = """
import json
from companion.core.log import replay
def load(name):
    with open('/board_layouts/' + name + '.json') as f:
        return json.load(f)
for lines in %r:
    out = []
    replay(lines, load, lambda g, e: out.append(g.state()))
    print('TRACE ' + json.dumps(out))
""" % ([lines for lines, _ in games],)
    traces = [json.loads(l[6:]) for l in run(code).splitlines() if l.startswith("TRACE ")]
    assert traces == [live[1:] for _, live in games]
