"""The simulator page as a game client (issue 27), in headless chromium.

What TURN counts as done over an open to-do, the game in words (the
firmware's ui/words.py, from the log: it survives a reload and names the
history slider's steps), the board check after a reload explained and not
offered at every history step, the end with its winner and breakdown for
all four games, destructive actions that ask first, logs in compact JSON,
refusals on the page, the solo device's move findable, the keyboard
(one Tab stop on the board, arrow keys by position, a skip link), moves
announced, the tablet layout, and a blocked WebAssembly file.

The expected words come from the same firmware under CPython."""

import json

import pytest

from companion.app import page
from companion.ui import words
from tests.browser.simpage import ROOT, SHOTS, drive, needs_browser, sim_server, update_image
from tests.scenarios.device import Device, fresh_dir
from tests.scenarios.kahuna_cards_device_scenarios import human_turn
from tests.test_sim_browser import NEW_GAME, SETUP_PRESSES, press

pytestmark = needs_browser

LOGS = ROOT / "tests" / "logs"
ENDS = {"kahuna": "kahuna_full_game.jsonl", "kanaloa": "kanaloa_four_players.jsonl",
        "rukuni": "rukuni_last_stones.jsonl", "duell": "duell_basic.jsonl"}
SOLO_SEED = 7
END_SHOT = SHOTS / "sim-end.png"
TABLET_SHOT = SHOTS / "sim-tablet.png"


def layout(name):
    with open(ROOT / "board_layouts" / (name + ".json")) as f:
        return json.load(f)


def said(name):
    """The firmware's words for a log in tests/logs (CPython)."""
    with open(LOGS / name) as f:
        return words.history(f.read().split("\n"), layout)


def solo_presses():
    """A solo game's presses up to the device's first stick (CPython), and the device then."""
    d = Device(fresh_dir("sim-client-solo"), seed=SOLO_SEED)
    d.new_game(first="white", cards="solo W")
    presses = []
    real = d.press

    def record(name, long=False):
        presses.append({"press": name, "long": long})
        return real(name, long)

    d.press = record
    human_turn(d)
    step = d.app.ui._next()
    at = d.app.game.board.conn_names[step[1]]
    return presses, page.status(d.app), at, page.describe(d.app, d.buttons[at])


@pytest.fixture(scope="module")
def tmp_logs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sim-client")
    compact = tmp / "compact.jsonl"
    with open(LOGS / "worked_example.jsonl") as f:
        compact.write_text("\n".join(json.dumps(json.loads(l), separators=(",", ":")) for l in f if l.strip()) + "\n")
    bad = tmp / "bad.jsonl"
    bad.write_text('{"game": "kahuna", "layout": "kahuna", "variants": []}\nnot json at all\n')
    illegal = tmp / "illegal.jsonl"
    illegal.write_text('{"game": "kahuna", "layout": "kahuna", "variants": []}\n{"op": "place", "at": "ALOA-ZZZZ"}\n')
    duell = tmp / "duell.jsonl"
    duell.write_bytes((LOGS / "duell_basic.jsonl").read_bytes())
    return {"compact": str(compact), "bad": str(bad), "illegal": str(illegal), "duell": str(duell)}


@pytest.fixture(scope="module")
def solo():
    return solo_presses()


@pytest.fixture(scope="module")
def seen(tmp_logs, solo):
    presses = solo[0]
    steps = [{"fresh": "?seed=7"}] + NEW_GAME + SETUP_PRESSES + [
        press("BARI-DUDA"),  # white: a stone on BARI; black's ALOA-BARI and ALOA stone come off
        {"observe": "todo"},
        {"axe": "axe todo"},
        press("TURN"),  # over the open to-do
        {"observe": "turned"},
        {"reload": True},
        {"observe": "reloaded"},
        {"history": 3},
        {"observe": "step 3"},
        {"history": 5},
        {"observe": "step 5"},
        {"live": True},
        {"key": "m"}, {"observe": "walk"},  # MENU takes the offered board check: its first step
        {"key": "u"}, {"key": "m"}, {"observe": "menu"}, {"axe": "axe menu"},
        {"key": "u"},  # UNDO stops the walk; MENU opens the menu, UNDO closes it
        {"focus": "ALOA"}, {"keyonly": "ArrowRight"}, {"observe": "right of ALOA"},
        {"keyonly": "ArrowDown"}, {"observe": "below that"},
        {"dialogs": "dismiss"}, {"clickonly": "#new-game"}, {"observe": "kept"},
        {"dialogs": "accept"}, {"clickonly": "#new-game"}, {"observe": "new game"},
        {"loadbad": tmp_logs["bad"]}, {"observe": "bad"},
        {"loadbad": tmp_logs["illegal"]}, {"observe": "illegal"},
        {"loadbad": tmp_logs["duell"]}, {"observe": "another game's"},
        press("ALOA-BARI"),  # a move: the game to set aside is worth a question
        {"load": tmp_logs["compact"]}, {"observe": "compact"},
        {"viewport": [820, 1180]}, {"measure": "tablet"}, {"goto": "?layout=kanaloa&seed=7"}, {"measure": "tablet kanaloa"},
        {"screenshot": str(TABLET_SHOT)},
        {"viewport": [1280, 860]},
    ]
    for game, name in ENDS.items():
        steps += [{"fresh": "?layout=%s&seed=7" % game}, {"load": str(LOGS / name)}, {"observe": "end " + game},
                  {"review": "review " + game}]
        if game == "rukuni":
            steps += [{"screenshot": str(END_SHOT)}, {"axe": "axe end"}]
        steps += [
                  {"reload": True}, {"observe": "end reloaded " + game}]
    steps += [{"fresh": "?layout=kahuna&seed=%d" % SOLO_SEED}, {"click": "#solo"}] + presses + [{"observe": "solo"}]
    steps += [{"fresh": "?layout=kanaloa&seed=7&remote=K7Q2&seat=white"}, {"observe": "remote kanaloa"},
              {"fresh": "?layout=kahuna&seed=7&remote=K7%2F%23&seat=purple"}, {"observe": "remote bad code"}]
    steps += [{"failed": "?layout=kahuna", "block": "**/*.wasm"}]
    with sim_server() as url:
        return drive(url, steps, timeout=600)


def test_a_kanaloa_page_given_a_seat_kanaloa_does_not_have_says_so_and_plays_on(seen):
    page = seen["remote kanaloa"]
    assert page["state"]["message"] == ("Kanaloa has no seat 'white': its seats are red, blue, green, yellow "
                                        "(docs/remote.md)")
    assert page["state"]["turn"].endswith(" to play, round 1")  # its own game, at this table


def test_a_page_address_that_cannot_join_says_why_and_plays_on(seen):
    page = seen["remote bad code"]
    assert page["state"]["message"] == ("remote=K7/#&seat=purple: \"game\": a game code is 1 to 16 letters, "
                                        "digits, '-' or '_': no remote play (docs/remote.md)")
    assert page["state"]["turn"] in ("White to play", "Black to play")  # a game at this table


def test_turn_over_an_open_todo_says_what_it_counts_as_done(seen):
    todo = seen["todo"]["page"]
    assert todo["todo"] == ["take the stick off ALOA-BARI", "take the stone off ALOA", "put a stone on BARI"]
    assert todo["turnKey"] == "TURN (counts 3 changes on the board as done)"
    turned = seen["turned"]
    assert turned["log"].splitlines()[-1] == '{"op": "end_turn"}'
    assert turned["page"]["todo"] == [] and turned["page"]["turnKey"] == ""
    assert turned["page"]["confirmed"] == ("TURN counted as done on the real board: take the stick off ALOA-BARI; "
                                           "take the stone off ALOA; put a stone on BARI")
    assert turned["page"]["announce"] == "White ended the turn. " + turned["page"]["confirmed"]  # a screen reader hears it


def test_moves_in_words_are_announced_and_survive_a_reload(seen):
    todo = seen["todo"]
    assert todo["state"]["moves"][-1] == "White put a stick on BARI-DUDA; BARI taken; ALOA-BARI, ALOA come off"
    assert todo["page"]["announce"] == todo["state"]["moves"][-1]
    lines = seen["turned"]["log"].split("\n")
    want = words.history(lines, layout)["moves"]
    assert seen["turned"]["state"]["moves"] == want[1:] and len(want) == len([l for l in lines if l.strip()])
    assert seen["reloaded"]["state"]["moves"] == want[1:]  # from the log: a reload keeps them
    assert seen["step 5"]["history"] == "event 5 of %d: %s" % (len(want) - 1, want[5])


def test_the_board_check_after_a_reload_is_explained_once(seen):
    reloaded = seen["reloaded"]
    assert reloaded["text"].split("\n")[:2] == ["Check the board?", "MENU: yes"]
    assert reloaded["page"]["check"].startswith("After a restart: does the real board match the saved game?")
    for step in ("step 3", "step 5"):  # the history is no restart: no check offered there
        assert seen[step]["page"]["check"] == "" and not seen[step]["text"].startswith("Check the board?")


def test_arrow_keys_move_by_position_and_the_board_is_one_tab_stop(seen):
    islands = dict((i["name"], (i["x"], i["y"])) for i in layout("kahuna")["islands"])
    conns = dict(("-".join(sorted((c["a"], c["b"]))), ((islands[c["a"]][0] + islands[c["b"]][0]) / 2,
                                                        (islands[c["a"]][1] + islands[c["b"]][1]) / 2))
                 for c in layout("kahuna")["connections"])
    where = dict(islands, **conns)
    right = seen["right of ALOA"]["page"]["focus"]
    below = seen["below that"]["page"]["focus"]
    assert where[right][0] > where["ALOA"][0] and abs(where[right][1] - where["ALOA"][1]) <= 2 * (where[right][0] - where["ALOA"][0])
    assert where[below][1] > where[right][1]
    assert seen["right of ALOA"]["page"]["tabStops"] == 1
    assert "stones sticks points" in seen["todo"]["page"]["display"]  # the display's short words spelt out


def test_new_game_asks_first_and_says_where_the_old_game_went(seen):
    questions = seen["dialogs"]
    assert questions[0] == questions[1] and questions[0].startswith("Start a new game?")
    assert "goes to “Earlier games”" in questions[0]
    assert seen["kept"]["log"] == seen["reloaded"]["log"] and seen["kept"]["archived"] == []  # Cancel: nothing happens
    assert seen["new game"]["archived"] == ["game-0001.jsonl"]
    assert seen["new game"]["page"]["filesNote"] == "The previous game is saved as game-0001.jsonl under “Earlier games”."
    assert seen["new game"]["log"].count("\n") == 1  # the new game's header only


def test_logs_refused_with_the_reason_and_compact_json_accepted(seen):
    assert seen["bad"]["page"]["filesNote"].startswith("bad.jsonl not loaded: line 2 is not JSON")
    assert seen["bad"]["page"]["filesNote"].endswith("The running game goes on unchanged.")
    assert seen["illegal"]["page"]["filesNote"].startswith("illegal.jsonl not loaded: line 2: ")
    assert seen["another game's"]["page"]["filesNote"] == (
        "duell.jsonl not loaded: it is a game of Duell der Schamanen: choose that game above (Game) and load it "
        "there. The running game goes on unchanged.")  # (the board would set it aside and start a game of its own)
    assert seen["bad"]["log"] == seen["illegal"]["log"] == seen["another game's"]["log"] == seen["new game"]["log"]
    assert seen["another game's"]["archived"] == seen["new game"]["archived"]
    with open(LOGS / "worked_example.jsonl") as f:
        assert seen["compact"]["log"] == f.read()  # written in the log's own dialect
    assert seen["compact"]["archived"] == ["game-0001.jsonl", "game-0002.jsonl"]
    assert any(q.startswith("Load compact.jsonl and continue that game?") for q in seen["dialogs"])


@pytest.mark.parametrize("game", list(ENDS))
def test_the_end_names_the_winner_with_the_breakdown(seen, game):
    want = said(ENDS[game])
    for label in ("end ", "end reloaded "):
        page = seen[label + game]
        assert page["page"]["result"] == want["result"] + want["scorings"] and want["result"]
        assert want["scorings"] or game == "rukuni"  # Rukuni scores once, at the end: its groups
        assert page["state"]["moves"] == want["moves"][1:]
        assert page["state"]["turn"].startswith("Game over")
    first = {"kahuna": "White wins (decided by final scoring)", "kanaloa": "Green wins (decided by points)",
             "rukuni": "White wins (decided by points)", "duell": "Bison wins (decided by migis)"}[game]
    assert want["result"][0] == first
    assert seen["end " + game]["state"]["turn"].lower() in ("game over", "game over: " + first.split(" (")[0].lower())


def test_the_end_of_a_kahuna_game_offers_its_review(seen):
    """"Review this game" opens the game's `companion review` page in a new tab:
    every event a move in the list, rated as the command rates it; the decisive
    moves drawn, each beside the better move; one board the list paints."""
    import html

    from host_tools.review import DECISIVE, review_page

    with open(LOGS / ENDS["kahuna"], "rb") as f:
        want = review_page(f.read(), "the simulator's game")
    got = seen["review kahuna"]["review"]
    events = len([line for line in (LOGS / ENDS["kahuna"]).read_text().splitlines() if line.strip()]) - 1
    assert got["h1"] == "Review of the simulator's game" and len(got["rows"]) == events
    assert (got["decisive"], got["boards"]) == (2 * DECISIVE, 1)
    marks = [" ".join(c for c in mark.split() if c != "on") for _, mark in got["rows"]]  # ("on": the move shown)
    for k, ((text, _), mark) in enumerate(zip(got["rows"], marks)):  # each move, rating, better move as the command's
        assert "<li data-k='%d' class='%s'>%s</li>" % (k, mark, html.escape(text)) in want
    assert any(marks)  # (some moves are marked: doubtful or blunder)
    assert [seen["review " + game]["offered"] for game in ENDS] == [True, False, False, False]  # Kahuna only


def test_the_end_breakdowns(seen):
    assert said(ENDS["kahuna"])["result"][1:] == ["Scoring 1: Black", "Scoring 2: nobody", "Scoring 3: White",
                                                  "Points: White 1, Black 1"]
    rukuni = said(ENDS["rukuni"])["result"]
    assert rukuni[1] == "Points: White 18, Black 11"
    assert rukuni[2] == "White group of 6 at -2,-2: 3 towers, 18 points"
    assert said(ENDS["kanaloa"])["result"][1] == "Points: Red 11, Blue 0, Green 15, Yellow 3"


def test_the_devices_move_is_findable(seen, solo):
    presses, status, at, name = solo
    page = seen["solo"]
    assert page["page"]["device"] == status["device"] == \
        "Black (the device) puts a stick on %s: put it on the real board, then press %s" % (at, at)
    assert page["names"][at] == name == at + ": empty, the device's move: put its stick on"
    assert page["page"]["todoMarks"] == {at: "on"}
    assert page["page"]["cards"] == status["cards"] and page["page"]["cards"].startswith("Face-up cards: ")
    assert page["state"]["last"] == "Last: " + status["last"] == "Last: White drew a card from the pile"


def test_the_tablet_layout_uses_the_space(seen):
    for label in ("tablet", "tablet kanaloa"):
        m = seen[label]
        assert m["scrollWidth"] <= 820
        assert m["board"]["right"] - m["board"]["left"] >= 700, m["board"]
        small = dict((n, round(s, 1)) for n, s in m["targets"].items() if s < 24)
        assert not small, small


def test_a_blocked_webassembly_file_says_what_to_do(seen):
    failed = seen["?layout=kahuna"]
    assert "could not load MicroPython (its WebAssembly file)" in failed["failure"]
    assert "companion sim" in failed["failure"] and "reload the page" in failed["failure"]


def test_screenshots(seen):
    assert END_SHOT.stat().st_size > 10000 and TABLET_SHOT.stat().st_size > 10000
    update_image(END_SHOT, "simulator-end.png")
    update_image(TABLET_SHOT, "simulator-tablet.png")


GAMES = list(ENDS)


def elements(lay):
    """(name, button, centre) of every board element with a button, sorted by name."""
    islands = dict((i["name"], i) for i in lay.get("islands", ()))
    out = []
    for key in ("islands", "connections", "cells", "sites"):
        for e in lay.get(key, ()):
            if "button" not in e:
                continue
            if key == "connections":
                a, b = islands[e["a"]], islands[e["b"]]
                out.append(("-".join(sorted((e["a"], e["b"]))), e["button"], ((a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2)))
            else:
                out.append((e["name"], e["button"], (e["x"], e["y"])))
    return sorted(out)


def first_move(game):
    """Presses (element names, in order) that make the first logged move on a fresh
    board (CPython, seed 7); the press after which a Rukuni tower is picked; the
    names then; the move's words."""
    d = Device(fresh_dir("sim-client-" + game), layout=game, seed=7)
    es = elements(d.layout)
    before = len(d.log_lines())
    presses, picked, names = [], None, None
    for name, button, _ in es * 3:
        d.press(button)
        presses.append(name)
        if getattr(d.app.ui, "picked", -1) >= 0 and picked is None:
            picked = len(presses)
            names = dict((n, page.describe(d.app, b)) for n, b, _ in es)
        if len(d.log_lines()) > before:
            break
    said = words.history(d.log_lines(), layout)["moves"][-1]
    return presses, picked, names, said


@pytest.fixture(scope="module")
def moves():
    return dict((game, first_move(game)) for game in GAMES)


@pytest.fixture(scope="module")
def played(moves):
    steps = []
    for game in GAMES:
        presses, picked, _, _ = moves[game]
        steps.append({"fresh": "?layout=%s&seed=7" % game})
        for k, name in enumerate(presses, 1):
            steps.append(press(name))
            if k == picked:
                steps.append({"observe": "picked " + game})
        first = elements(layout(game))[0][0]
        steps += [{"observe": "moved " + game}, {"focus": first}, {"keyonly": "ArrowRight"}, {"observe": "right " + game},
                  {"keyonly": "ArrowDown"}, {"observe": "down " + game}]
    with sim_server() as url:
        return drive(url, steps, timeout=400)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_is_announced(played, moves, game):
    said = moves[game][3]
    page = played["moved " + game]
    assert page["page"]["announce"] == said and page["state"]["moves"][-1] == said


@pytest.mark.parametrize("game", GAMES)
def test_arrow_keys_move_by_position(played, game):
    where = dict((n, c) for n, _, c in elements(layout(game)))
    first = elements(layout(game))[0][0]
    right = played["right " + game]["page"]["focus"]
    down = played["down " + game]["page"]["focus"]
    (x0, y0), (x1, y1), (x2, y2) = where[first], where[right], where[down]
    assert x1 > x0 and abs(y1 - y0) <= 2 * (x1 - x0), (first, right)
    assert y2 > y1 and abs(x2 - x1) <= 2 * (y2 - y1), (right, down)
    assert played["down " + game]["page"]["tabStops"] == 1


def test_rukunis_destinations_are_named(played, moves):
    presses, picked, names, _ = moves["rukuni"]
    page = played["picked rukuni"]["names"]
    here = sorted(n for n, text in names.items() if text.endswith(", the picked tower may move here"))
    assert here and presses[-1] in here
    assert dict((n, page[n]) for n in names) == names  # the firmware's names, on the page


def test_the_board_check_walk_and_the_menu_in_words(seen):
    walk = seen["walk"]
    assert walk["state"]["turn"] == "Board check 1 of 12"
    assert walk["page"]["check"] == ("Board check 1 of 12: ALOA as lit? Fix the board or the game; "
                                     "TURN: next, UNDO: stop")
    assert walk["page"]["todoMarks"] == {}
    menu = seen["menu"]["page"]["menu"]
    assert menu[0].startswith("> ") and "New game" in menu and menu[-1] == "Back"


@pytest.mark.parametrize("label", ["axe todo", "axe menu", "axe end"])
def test_axe_finds_no_serious_violation_on_the_new_parts(seen, label):
    bad = [v for v in seen[label]["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], bad
