"""`companion review`: every board move rated by the device AI, the captures named,
an HTML page with the board after every move; hot-seat games with physical cards
and games with the digital deck."""

import subprocess
import sys
from pathlib import Path

from host_tools.review import review, text_line
from host_tools.selfplay.command import play_game, player
from tests.browser.simpage import ROOT, needs_browser

EXAMPLE = Path(__file__).parent / "logs" / "worked_example.jsonl"


def test_the_worked_example_names_its_capture_cascade():
    layout, header, rows, notes = review(EXAMPLE.read_text().splitlines())
    assert len(rows) == 22
    assert "Physical cards" in notes[0] and "cannot tell" in notes[0]
    r = rows[16]  # white's BARI-DUDA: BARI taken, black's ALOA-BARI lifted, ALOA lost
    assert (r["n"], r["player"], r["event"]) == (17, "white", "put on BARI-DUDA")
    assert r["changes"] == ["black loses ALOA", "white takes BARI"]
    assert rows[17]["changes"] == ["white takes ALOA", "black loses HUNA"]
    assert rows[20]["changes"] == ["white loses DUDA", "black takes ELAI", "black takes HUNA"]
    assert [r["n"] for r in rows if r["rated"]] == [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 17, 18, 20, 21]
    assert not any(r["rated"] for r in rows if r["event"] == "end turn")
    for r in rows:
        if r["rated"]:
            assert r["loss"] >= 0 and r["mark"] == ("blunder" if r["loss"] >= 100 else
                                                    "doubtful" if r["loss"] >= 40 else "")
    assert rows[17]["loss"] == 0 and rows[17]["best"] == "put on ALOA-BARI"  # the capture was the best move
    assert text_line(rows[16]).startswith(" 17 white put on BARI-DUDA [black loses ALOA; white takes BARI]")


def test_review_cli_writes_the_page(tmp_path):
    out = tmp_path / "review.html"
    res = subprocess.run([sys.executable, "-m", "host_tools.cli", "review", str(EXAMPLE), "-o", str(out)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "white takes BARI" in res.stdout and res.stdout.splitlines()[-1] == "review written to %s" % out
    page = out.read_text()
    # the three decisive moves drawn in full, each beside the better move (or the board before it),
    # then the graph and the one shared board the page paints for each of the 22 moves
    assert page.count("<svg") == 3 * 2 + 2
    assert page.count("<li data-k=") == 22
    assert "black loses ALOA; white takes BARI" in page


def test_review_of_a_digital_deck_game_shows_the_device_plan(tmp_path):
    lines, _ = play_game(player("device"), player("random"), 4, True)
    layout, header, rows, notes = review(lines)
    assert "Digital deck" in notes[0]
    assert rows[0]["plan"]  # the device's plan for white's first turn
    rated = [r for r in rows if r["rated"]]
    assert rated and all(r["player"] in ("white", "black") for r in rated)
    # the device (white) follows its own plan: its first move is its plan's first step
    assert rows[0]["plan"].startswith(rows[0]["event"])


def test_review_refuses_other_games_and_bad_logs(tmp_path):
    log = tmp_path / "duell.jsonl"
    log.write_text('{"game": "duell", "layout": "duell", "variants": []}\n')
    res = subprocess.run([sys.executable, "-m", "host_tools.cli", "review", str(log)], capture_output=True, text=True)
    assert res.returncode == 2 and "review rates Kahuna games" in res.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text(EXAMPLE.read_text() + '{"op": "place", "at": "ALOA-BARI"}\n')
    res = subprocess.run([sys.executable, "-m", "host_tools.cli", "review", str(bad)], capture_output=True, text=True)
    assert res.returncode == 2 and "line 24" in res.stderr
    assert not (tmp_path / "bad.html").exists()


def test_a_damaged_line_is_named_as_companion_replay_names_it(tmp_path):
    """A garbled line, an "op" of another type (after a blank line too: the number is the
    file's line), and a last line cut short: the review says what `companion replay` says
    (found by a fuzz of damaged logs: each of the first two was a traceback)."""
    lines = EXAMPLE.read_text().splitlines()
    cases = {
        "garbled": (lines[:5] + ['{"op"H "place", "at": "IFFI-JOJO"}'] + lines[5:], "line 6: not a JSON object"),
        "op not text": (lines[:5] + ['{"op": {"a": 1}}'] + lines[5:], "line 6: "),
        "a blank line first": ([""] + lines[:5] + ['{"op": true}'], "line 7: "),
    }
    for name, (text, said) in cases.items():
        log = tmp_path / ("%s.jsonl" % name.replace(" ", "_"))
        log.write_text("\n".join(text) + "\n")
        for command in ("review", "replay"):
            res = subprocess.run([sys.executable, "-m", "host_tools.cli", command, str(log)],
                                 capture_output=True, text=True)
            assert res.returncode == 2 and said in res.stderr and "Traceback" not in res.stderr, (name, command,
                                                                                                  res.stderr)
        assert not log.with_suffix(".html").exists()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines) + '\n{"op": "pla')
    res = subprocess.run([sys.executable, "-m", "host_tools.cli", "review", str(cut)], capture_output=True, text=True)
    assert res.returncode == 0 and "line 24 has no newline at its end" in res.stderr, res.stderr
    assert "%3d " % 22 in res.stdout and "%3d " % 23 not in res.stdout


def test_the_simulators_server_reviews_a_posted_log():
    """`companion sim` answers the page's "Review this game" (a form posted to
    /review, its line ends CRLF as a browser sends them) with the review page;
    a log it cannot read, with the line and the reason."""
    import urllib.error
    import urllib.parse
    import urllib.request

    from host_tools.review import review_page
    from tests.browser.simpage import sim_server

    def post(text):
        body = urllib.parse.urlencode({"log": text.replace("\n", "\r\n")}).encode()
        try:
            with urllib.request.urlopen(url + "review", body, timeout=60) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    text = EXAMPLE.read_text()
    with sim_server() as url:
        ok = post(text.rstrip("\n"))  # (the last line's newline is not needed)
        bad = post(text.splitlines()[0] + "\nnot json at all\n")
    assert ok == (200, review_page(text.encode(), "the simulator's game"))
    assert "black loses ALOA; white takes BARI" in ok[1]
    assert bad[0] == 400 and "The game's log: line 2:" in bad[1]


def decisive(rows):
    return sorted((r for r in rows if r.get("svg")), key=lambda r: (-r["weight"], r["n"]))


def test_the_decisive_moves_are_the_weightiest_and_each_is_drawn_beside_the_better_move():
    """The page starts with the DECISIVE moves of most weight (the larger of what the
    move changed and what it gave away); only those carry drawings."""
    from host_tools.review import DECISIVE

    layout, header, rows, notes = review(EXAMPLE.read_text().splitlines())
    rated = sorted((r for r in rows if r["rated"]), key=lambda r: (-max(r["loss"], abs(r["swing"])), r["n"]))
    chosen = decisive(rows)
    assert [r["n"] for r in chosen] == [r["n"] for r in rated[:DECISIVE]]
    assert sum(1 for r in rows if r.get("svg")) == DECISIVE
    for r in chosen:
        assert r["weight"] == max(r["loss"], abs(r["swing"]))
        caption = ("better: %s" % r["best"]) if r["loss"] else ("before move %d" % r["n"])
        assert caption in r["best_svg"] and ("move %d: " % r["n"]) in r["svg"]
    # each row's board in a few characters: its sticks and stones as the game has them
    assert all(len(r["state"]) == 27 + 12 for r in rows)
    assert rows[16]["state"][27:].count("1") == rows[15]["state"][27:].count("1") + 1  # white takes BARI (and ALOA lost)


def test_review_pages_stay_small_whatever_the_game(tmp_path):
    """The worked example and a whole self-play game: under 300 KB each (before,
    every move's board was drawn in full: 1.4 MB for a game)."""
    from host_tools.review import review_page

    lines, _ = play_game(player("device"), player("device-v1"), 11, True)
    for name, text in (("example", EXAMPLE.read_text()), ("game", "\n".join(lines) + "\n")):
        html = review_page(text.encode(), name)
        assert len(html.encode()) < 300 * 1024, (name, len(html))
        assert html.index("The moves that decided the game") < html.index("The game, move by move")
        assert html.count("<li data-k=") == len(text.splitlines()) - 1


@needs_browser
def test_the_review_reads_on_a_phone(tmp_path):
    """In chromium at 390 x 844: the decisive moves come first, nothing is wider
    than the screen, and a tap on a move paints the board after it."""
    import json as _json
    import os

    lines, _ = play_game(player("device"), player("device-v1"), 11, True)
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(lines) + "\n")
    page = tmp_path / "game.html"
    subprocess.run([sys.executable, "-m", "host_tools.cli", "review", str(log), "-o", str(page)],
                   capture_output=True, check=True)
    shot = os.path.join(os.environ.get("COMPANION_SHOTS", str(tmp_path)), "review-phone.png")
    res = subprocess.run(["node", str(ROOT / "tests" / "browser" / "review_driver.mjs"), str(page), shot],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    seen = _json.loads(res.stdout)
    layout, header, rows, notes = review(lines)
    assert seen["errors"] == []
    assert seen["headings"] == ["The moves that decided the game", "The game, move by move"]
    assert [d["drawings"] for d in seen["decisive"]] == [2, 2, 2]
    assert [d["text"].split(".")[0] for d in seen["decisive"]] == [str(r["n"]) for r in decisive(rows)]
    assert seen["first_decisive_top"] < seen["graph_top"] and seen["first_decisive_top"] < 844
    assert seen["page_width"] <= 390 and seen["moves"] == len(rows)
    for tap in seen["taps"]:
        row = rows[tap["k"]]
        assert tap["on"] == str(tap["k"]) and tap["caption"].startswith("%d. " % row["n"])
        assert (tap["sticks"], tap["stones"]) == (sum(ch != "0" for ch in row["state"][:27]),
                                                   sum(ch != "0" for ch in row["state"][27:]))


def page_words(page):
    """The words a reader meets on a review page (its scripts and style left out)."""
    import html as _html
    import re

    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return _html.unescape(re.sub(r"<[^>]+>", "\n", body))


def english_left(text, code):
    """English words of the tables' texts (tests/test_sim_lang.py's walk) left in text."""
    import re

    from tests.test_sim_lang import english_words

    english = english_words(code)
    return sorted(set(w for w in re.findall(r"[^\W\d_]{3,}", text) if w in english))


def test_the_review_in_german_and_french_has_no_english_word():
    """`companion review --lang de|fr`: the headings, the verdicts, the moves, the
    graph's labels and the drawings' summaries in the page tables' words (issue 47),
    for the worked example (physical cards) and a whole game with the digital deck."""
    from companion.ui import lang
    from host_tools.review import review_page

    own = (lang.code, lang.say("White to play"))  # the process's language (another test may have set it)
    lines, _ = play_game(player("device"), player("device-v1"), 11, True)
    for code in ("de", "fr"):
        for name, text in (("worked_example", EXAMPLE.read_text()), ("deck_game", "\n".join(lines) + "\n")):
            page = review_page(text.encode(), name, code)
            assert "<html lang='%s'>" % code in page
            left = english_left(page_words(page).replace(name, ""), code)
            assert not left, (code, name, left)
    de = page_words(review_page(EXAMPLE.read_bytes(), "x", "de"))
    assert "Die Züge, die das Spiel entschieden" in de and "Das Spiel, Zug für Zug" in de
    assert ("17. Weiß Stab auf BARI-DUDA [+148] (Schwarz verliert ALOA; Weiß erobert BARI) - besser: Stab weg von "
            "ALOA-HUNA, um 26 besser") in de
    assert "Weiß: 0 Punkte · 3 Steine · 8 Stäbe" in de  # a drawing's summary
    fr = page_words(review_page(EXAMPLE.read_bytes(), "x", "fr"))
    assert "18. Blanc liaison en ALOA-BARI [+211] (Blanc prend ALOA; Noir perd HUNA)" in fr
    assert "Blanc devant" in fr and "Noir devant" in fr  # the graph's labels
    # the English page is as it was, and the process's own language untouched
    assert (lang.code, lang.say("White to play")) == own
    assert "The moves that decided the game" in review_page(EXAMPLE.read_bytes(), "x")


def test_review_cli_speaks_the_chosen_language(tmp_path):
    out = tmp_path / "review.html"
    run = lambda *more: subprocess.run([sys.executable, "-m", "host_tools.cli", "review", str(EXAMPLE), "-o", str(out)]
                                       + list(more), capture_output=True, text=True)
    res = run("--lang", "de")
    assert res.returncode == 0, res.stderr
    said = res.stdout.splitlines()
    assert said[0].startswith("Echte Karten: das Protokoll sagt nicht")
    assert any(line.startswith(" 17 Weiß  Stab auf BARI-DUDA [Schwarz verliert ALOA; Weiß erobert BARI]  Ausschlag +148")
               for line in said)
    assert any(line.endswith("PATZER") for line in said) and any(line.endswith("ZWEIFELHAFT") for line in said)
    assert said[-1] == "Auswertung geschrieben: %s" % out
    assert "<html lang='de'>" in out.read_text()
    res = run("--lang", "it")
    assert res.returncode == 2 and "invalid choice: 'it'" in res.stderr and "de" in res.stderr


def test_the_simulators_review_speaks_the_pages_language():
    """The page's form sends its language with the log ("lang"): the review comes in it;
    a language the tables do not have, in English."""
    import urllib.parse
    import urllib.request

    from host_tools.review import review_page
    from tests.browser.simpage import sim_server

    text = EXAMPLE.read_text()

    def post(code, log=text):
        body = urllib.parse.urlencode({"log": log, "lang": code}).encode()
        try:
            with urllib.request.urlopen(url + "review", body, timeout=60) as r:
                return r.read().decode()
        except urllib.error.HTTPError as e:
            return e.read().decode()

    with sim_server() as url:
        fr, xx, bad = post("fr"), post("xx"), post("de", text.splitlines()[0] + "\nnot json at all\n")
    assert fr == review_page(text.encode(), "the simulator's game", "fr")
    assert xx == review_page(text.encode(), "the simulator's game")
    assert "Das Protokoll des Spiels: line 2:" in bad and "<h1>Keine Auswertung</h1>" in bad


@needs_browser
def test_the_german_review_reads_on_a_phone(tmp_path):
    """The German page in chromium at 390 x 844: German headings, no English word
    in its text, its drawings' or its labels, nothing wider than the screen."""
    import json as _json
    import os

    lines, _ = play_game(player("device"), player("device-v1"), 11, True)
    log = tmp_path / "partie.jsonl"
    log.write_text("\n".join(lines) + "\n")
    page = tmp_path / "partie.html"
    subprocess.run([sys.executable, "-m", "host_tools.cli", "review", str(log), "-o", str(page), "--lang", "de"],
                   capture_output=True, check=True)
    shot = os.path.join(os.environ.get("COMPANION_SHOTS", str(tmp_path)), "review-phone-de.png")
    res = subprocess.run(["node", str(ROOT / "tests" / "browser" / "review_driver.mjs"), str(page), shot],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    seen = _json.loads(res.stdout)
    assert seen["errors"] == [] and seen["lang"] == "de"
    assert seen["headings"] == ["Die Züge, die das Spiel entschieden", "Das Spiel, Zug für Zug"]
    assert seen["page_width"] <= 390 and seen["moves"] == len(lines) - 1
    assert not english_left(seen["text"].replace("partie.jsonl", ""), "de")
    assert seen["taps"][-1]["caption"].startswith("%d. " % (len(lines) - 1))
