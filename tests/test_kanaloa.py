"""Kanaloa under CPython: the scenarios, header checks, random games, replay.
(The scenarios and their random games also run under native MicroPython in
test_both_interpreters and test_native_games; the CLI here is CPython.)"""

import json
import subprocess
import sys

import pytest

from companion.core import Illegal, LayoutError
from companion.core.kanaloa import Kanaloa, deal_gods, island_points, kane_points
from companion.core.log import replay
from host_tools.paths import ROOT, load_layout
from tests.scenarios import kanaloa_scenarios as ks
from tests.scenarios.common import all_rules, rules

R, B, G, Y = "red", "blue", "green", "yellow"
LOG = ROOT / "tests" / "logs" / "kanaloa_four_players.jsonl"


# --- the scenarios (their own asserts check exact states) ---------------------

def test_scoring_table_every_cell_at_both_scorings():
    out = ks.scoring_table()
    assert len(out) == 9
    for degree, cells in ks.TABLE.items():
        for k, (first, final) in cells.items():
            assert out["%s %d" % (ks.TABLE_ISLAND[degree], k)] == [{R: first, B: 0, G: 0}, {R: final, B: 0, G: 0}]


def test_scoring_table_formula_matches_the_printed_table():
    for degree, cells in ks.TABLE.items():
        for k, (first, final) in cells.items():
            assert island_points(degree, k, False) == first
            assert island_points(degree, k, True) == final
    assert [kane_points(d) for d in (3, 5, 7)] == [1, 2, 3]


def test_absolute_capture_and_its_one_level_cascade():
    out = ks.capture_cascade()
    assert out["before"]["stones"] == {"DALI": B, "LANI": G}
    assert out["after"]["stones"] == {"HANA": R}


def test_exchange_can_capture_and_cost_a_marker():
    out = ks.exchange_capture()
    assert out["capture"]["stones"] == {"MELE": R, "MAKA": R}
    assert out["marker_lost"]["stones"] == {}
    assert "already green's own bridge" in out["refused"][0]
    assert "free: build there" in out["refused"][1]


def test_relative_majority_single_leader():
    out = ks.relative_single_leader()
    reasons = out["refused"]
    assert "first remove one bridge at ORO" in reasons[0] and "first remove one bridge at ORO" in reasons[1]
    assert "NOHO-ORO cannot go" in reasons[2] and "AKAU-DALI cannot go" in reasons[3]
    assert "there is no bridge to choose" in reasons[4]
    assert out["four"] == {"HOKU-KAIA": B, "IWAI-KAIA": G, "KAIA-ORO": R, "KAIA-PAPA": R}


def test_relative_majority_shared_lead_removes_only_a_smaller_players_bridge():
    out = ks.relative_shared_with_smaller()
    assert "HOKU-KAIA cannot go" in out["refused"]


def test_relative_majority_without_a_smaller_player_removes_nothing():
    out = ks.relative_no_removal()
    assert out["small"] == {"HALA-MELE": B, "MAKA-MELE": G, "MELE-WAIA": R}


def test_one_bridge_filling_two_islands_asks_twice():
    sticks = ks.relative_both_ends()
    assert "KAIA-NALU" not in sticks and "NOHO-ORO" not in sticks and sticks["KAIA-ORO"] == R


def test_early_win_with_eleven_islands():
    out = ks.early_win()
    assert out["marks"][-1] == 11
    assert "the game is over" in out["refused"]


def test_final_round_pass_and_tie_break():
    out = ks.final_round()
    assert "last round" in out["reasons"][0]
    assert "may pass only while a player with more points" in out["reasons"][1]
    assert "already moved this turn" in out["reasons"][2]
    assert out["state"]["winner"] == B
    tie = ks.tie_break_points()
    assert tie["passed"]["winner"] == B and tie["no_pass"] == R


def test_god_stones():
    out = ks.gods()
    reasons = out["reasons"]
    assert reasons[0] == "KANALOA works only after the 1st scoring"
    assert reasons[1] == "KU works only after the 1st scoring"
    assert reasons[2] == "Red holds no unused KANALOA stone"
    assert reasons[4] == "KANE scores when it is won; it is not played"
    assert reasons[-1] == "no god stone may be used in the last round"
    assert out["score"] == {R: 13, B: 1, G: 1}
    assert ks.pele() == {"NOHO": {"god": "PELE", "by": R, "used": True}}


def test_god_deal_is_the_pool_shuffled_by_the_seed():
    layout = load_layout("kanaloa")
    counts = {}
    for seed in range(50):
        stones, _ = deal_gods(layout["gods"], 16, seed)
        assert sorted(stones) == sorted(deal_gods(layout["gods"], 16, 0)[0])
        counts[bytes(stones)] = True
    assert len(counts) == 50  # fifty seeds, fifty different deals
    assert sum(layout["gods"].values()) == 16
    assert ks.god_deal()["ORO"] == "KANE"


# --- the header and the layout ---------------------------------------------------

def header(**more):
    h = {"game": "kanaloa", "layout": "kanaloa", "players": [R, B, G], "first": R, "seed": 7}
    h.update(more)
    return h


@pytest.mark.parametrize("bad, words", [
    ({"players": [R, B]}, "3 or 4 players"),
    ({"players": [R, B, G, Y, "white"]}, "3 or 4 players"),
    ({"players": [R, B, R]}, "each needs a colour of their own"),
    ({"players": [R, B, "pink"]}, "not a colour the board can show"),
    ({"seed": None}, "needs a \"seed\""),
    ({"first": Y}, "unknown start player"),
])
def test_header_mistakes_are_explained(bad, words):
    with pytest.raises(Illegal, match=words):
        Kanaloa(load_layout("kanaloa"), header(**bad))


def test_a_layout_without_a_full_god_pool_is_refused():
    layout = load_layout("kanaloa")
    layout["gods"] = {"KANE": 15}
    with pytest.raises(LayoutError, match="15 stones but the board has 16 islands"):
        Kanaloa(layout, header())
    layout["gods"] = {"KANE": 15, "MAUI": 1}
    with pytest.raises(LayoutError, match="unknown god 'MAUI'"):
        Kanaloa(layout, header())


def test_start_player_by_lot_comes_from_the_seed():
    firsts = {Kanaloa(load_layout("kanaloa"), header(first="lot", seed=s)).state()["active"] for s in range(20)}
    assert firsts == {R, B, G}


def test_state_fits_and_starts_empty():
    g = Kanaloa(load_layout("kanaloa"), header(players=[R, B, G, Y]))
    assert len(g.s) == 37 + 3 * 16 + 34 + (37 + 16) <= 256  # + the real board's image
    s = g.state()
    assert s["sticks"] == {} and s["score"] == {R: 0, B: 0, G: 0, Y: 0} and s["round"] == 1
    assert s["active"] == R and s["pending"] is None and s["gods"] == {}


# --- random games ------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_random_games_keep_the_invariants_undo_and_replay(seed):
    players = (R, B, G, Y)[:3 + seed % 2]
    hdr, events, states, g = ks.random_game(1000 + seed, players)
    assert g.over() and states[-1]["winner"] in players
    lines = [json.dumps(hdr)] + [json.dumps(e) for e in events]
    traced = []
    replayed = replay(lines, load_layout, lambda game, event: traced.append(game.state()))
    assert all_rules(traced) == all_rules(states[1:])  # the random player tries events and undoes them
    assert rules(replayed.state()) == rules(states[-1])
    ks.undo_to_start(g, states)
    # Undo inside the log: every undo takes back exactly one event.
    with_undos = [json.dumps(hdr)]
    for k, e in enumerate(events):
        with_undos.append(json.dumps(e))
        if k % 7 == 3:
            with_undos += [json.dumps({"op": "undo"}), json.dumps(e)]
    assert rules(replay(with_undos, load_layout).state()) == rules(states[-1])


def test_random_games_reach_every_kind_of_event():
    seen = set()
    ends = set()
    for seed in range(40):
        _, events, states, _ = ks.random_game(1000 + seed, (R, B, G, Y)[:3 + seed % 2])
        seen.update(e["op"] + ("+god" if "god" in e else "") for e in events)
        ends.add(states[-1]["decided_by"])
    assert seen >= {"place", "place+god", "exchange", "exchange+god", "choose", "use+god",
                    "end_turn", "end_round", "pass"}
    assert ends >= {"points", "11 islands"}


# --- the command line ----------------------------------------------------------------

def test_companion_replay_prints_the_live_games_state():
    """tests/logs/kanaloa_four_players.jsonl (random_game(1, 4 players), 145
    events, five god stones won): the CLI's states are those of live play."""
    lines = LOG.read_text().splitlines()
    live = Kanaloa(load_layout("kanaloa"), json.loads(lines[0]))
    states = []
    for line in lines[1:]:
        live.apply(json.loads(line))
        states.append(live.state())
    cli = [sys.executable, "-m", "host_tools.cli", "replay", str(LOG)]
    final = json.loads(subprocess.run(cli, capture_output=True, text=True, cwd=ROOT, check=True).stdout)
    assert final == states[-1]
    traced = subprocess.run(cli + ["--trace"], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert [json.loads(l) for l in traced.splitlines()] == states
    assert len(states) == 145 and len(final["gods"]) == 5
    assert final["over"] and final["winner"] == G and final["score"] == {R: 11, B: 0, G: 15, Y: 3}


def test_companion_replay_names_the_bad_line(tmp_path):
    log = tmp_path / "bad.jsonl"
    log.write_text("\n".join([json.dumps(header()), json.dumps({"op": "place", "at": "AKAU-DALI"}),
                              json.dumps({"op": "choose", "at": "AKAU-DALI"})]) + "\n")
    proc = subprocess.run([sys.executable, "-m", "host_tools.cli", "replay", str(log)], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 2
    assert "line 3: there is no bridge to choose" in proc.stderr
