"""The browser page plays a board through the broker: the simulator in headless
chromium joins a remote game over MQTT over WebSockets (npm mqtt) as white,
against a native MicroPython board as black (docs/remote.md)."""

import json
import subprocess
from urllib.parse import urlencode

import pytest

from host_tools.broker import join_link
from tests.browser.simpage import needs_browser, sim_server
from tests.remote_rig import Board, Broker, wait_until
from host_tools.paths import ROOT

pytestmark = [needs_browser, pytest.mark.native]
TARGET = 9


def test_the_page_plays_a_board_through_the_broker(tmp_path):
    broker = Broker(tmp_path / "broker", ("K7Q2",), ws=True)
    black = None
    try:
        black = Board(tmp_path / "black", broker.remote("K7Q2", "black"), TARGET, seed=5)
        with sim_server() as url:  # the join link `companion broker` prints (the password in its fragment)
            link = join_link(url, "K7Q2", "white", "127.0.0.1", broker.ws_port, False, broker.games["K7Q2"]["white"])
            proc = subprocess.run(["node", str(ROOT / "tests/browser/remote_driver.mjs"), link,
                                   "white", str(TARGET)], cwd=ROOT, capture_output=True, text=True, timeout=150)
        assert proc.returncode == 0, proc.stderr[-3000:]
        r = json.loads(proc.stdout)
        assert r["errors"] == []
        assert r["urls"] == [link.split("#")[0]]  # the page took the password out of its address
        assert r["state"]["n"] == TARGET
        wait_until(lambda: black.n() >= TARGET, 10, "black at the page's length", (black,))
        assert r["log"].encode() == black.log()  # the page's log and the board's: byte-identical
        events = [json.loads(x) for x in r["log"].splitlines()[1:]]
        assert {e["by"] for e in events} == {"white", "black"}  # both sides played
        # the other board's move is news, in a colour of its own, not the refusal colour rgb(255, 180, 168)
        # (sim.css #message; tests/test_sim_rough_edges.py checks a refusal's)
        theirs = [m for m in r["messages"] if m["text"].startswith("Black ")]
        assert theirs and all(m["news"] and m["colour"] == "rgb(159, 211, 255)" for m in theirs), r["messages"]
        c = r["controls"]  # nothing on the page sets the shared game aside (it once left it without a word)
        assert (c["mode"], c["continueOff"], c["loadOff"], c["soloHidden"], c["dialogs"]) == ("replay", True, True, True, [])
        assert c["note"] == ("Remote game K7Q2: Load log… and Continue from here are off (they would set the shared "
                             "game aside); Download log keeps a copy.")
        assert "a remote game: a new game code starts the next" in " ".join(c["text"].split()), c["text"]
        assert c["log"] == r["log"]
    finally:
        if black:
            black.stop()
        broker.stop()


def test_the_page_plays_through_a_tls_broker_over_wss(tmp_path):
    """A broker off loopback (--host 0.0.0.0) speaks TLS only: the page joins over wss://
    (chromium trusting the server's key, as a browser that imported the CA would), the
    board verifies the broker with the CA in its seat file. Connections on 127.0.0.1 only."""
    import base64
    import hashlib
    import os

    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    broker = Broker(tmp_path / "broker", ("K7Q2",), ws=True, host="0.0.0.0")
    black = None
    try:
        seat = json.loads((tmp_path / "broker" / "K7Q2-black.json").read_text())["remote"]
        black = Board(tmp_path / "black", dict(broker.remote("K7Q2", "black"), ca=seat["ca"]), TARGET, seed=5)
        cert = x509.load_pem_x509_certificate((tmp_path / "broker" / "tls" / "server.pem").read_bytes())
        spki = cert.public_key().public_bytes(serialization.Encoding.DER,
                                              serialization.PublicFormat.SubjectPublicKeyInfo)
        env = dict(os.environ, CHROMIUM_SPKI=base64.b64encode(hashlib.sha256(spki).digest()).decode())
        with sim_server() as url:
            link = join_link(url, "K7Q2", "white", "127.0.0.1", broker.ws_port, True, broker.games["K7Q2"]["white"])
            assert "broker=wss://127.0.0.1:" in link
            proc = subprocess.run(["node", str(ROOT / "tests/browser/remote_driver.mjs"), link, "white", str(TARGET)],
                                  cwd=ROOT, capture_output=True, text=True, timeout=150, env=env)
        assert proc.returncode == 0, proc.stderr[-3000:]
        r = json.loads(proc.stdout)
        assert r["errors"] == [] and r["state"]["n"] == TARGET
        wait_until(lambda: black.n() >= TARGET, 10, "black at the page's length", (black,))
        assert r["log"].encode() == black.log()
    finally:
        if black:
            black.stop()
        broker.stop()


def test_two_seats_in_two_tabs_of_one_browser_keep_their_own_saves(tmp_path):
    """Both seats of one game in one browser (two tabs, one localStorage), each
    tab reloaded half-way: each comes back from its own seat's save, and the
    game goes on to the same log in both (a remote game's save is kept per game
    code and seat: shared, each tab would find the other's and stop)."""
    broker = Broker(tmp_path / "broker", ("K7Q2",), ws=True)
    try:
        with sim_server() as url:
            def page(seat):  # (reloaded, a tab finds the password in its sessionStorage)
                return join_link(url, "K7Q2", seat, "127.0.0.1", broker.ws_port, False, broker.games["K7Q2"][seat])
            proc = subprocess.run(["node", str(ROOT / "tests/browser/remote_driver.mjs"), page("white"), "white",
                                   str(TARGET), page("black"), "black"], cwd=ROOT, capture_output=True, text=True,
                                  timeout=150)
        assert proc.returncode == 0, proc.stderr[-3000:]
        r = json.loads(proc.stdout)
        assert r["errors"] == []
        assert [u.count("password") for u in r["urls"]] == [0, 0]
        white, black = r["logs"]
        assert len(white.splitlines()) >= TARGET and white == black
        events = [json.loads(x) for x in white.splitlines()[1:]]
        assert {e["by"] for e in events} == {"white", "black"}
        # each tab's part of the seed is the browser's randomness (crypto.getRandomValues): the
        # microsecond clock the firmware falls back to gave both "000dafe8000dafe8"
        deal = json.loads(white.splitlines()[0])["deal"]
        assert deal["white"] != deal["black"] and all(p[:8] != p[8:] for p in deal.values()), deal
    finally:
        broker.stop()


def test_the_same_seat_opened_in_a_second_tab_stops_the_first_at_once(tmp_path):
    """One seat in two tabs of one browser: the broker keeps one link per seat, so
    the two would take it from each other (and the other board saw White go offline
    and back every second). The tab opened first stops and lets go of its link; the
    second plays on against the native board (its seat is sure after 5 s: seat.py)."""
    broker = Broker(tmp_path / "broker", ("K7Q2",), ws=True)
    black = None
    try:
        black = Board(tmp_path / "black", broker.remote("K7Q2", "black"), TARGET, seed=5)
        with sim_server() as url:
            page = url + "?" + urlencode({"layout": "kahuna", "remote": "K7Q2", "seat": "white",
                                          "broker": "ws://127.0.0.1:%d" % broker.ws_port, "user": "K7Q2-white",
                                          "password": broker.games["K7Q2"]["white"]})
            proc = subprocess.run(["node", str(ROOT / "tests/browser/remote_driver.mjs"), page, "white",
                                   str(TARGET), page, "white"], cwd=ROOT, capture_output=True, text=True, timeout=150)
        assert proc.returncode == 0, proc.stderr[-3000:]
        r = json.loads(proc.stdout)
        assert r["errors"] == []
        assert r["first"] == {"stopped": True, "status": "stopped: this game goes on in another tab", "linked": False}
        wait_until(lambda: black.n() >= TARGET, 10, "black at the page's length", (black,))
        assert r["state"]["n"] == TARGET and r["log"].encode() == black.log()
        played = black.out[black.out.index("N 1"):black.out.index(black.said("DONE")[0])]
        assert "SAY White offline - waiting" not in played, black.out  # (before: the first tab's leaving; after: the page's)
    finally:
        if black:
            black.stop()
        broker.stop()


def test_a_page_with_the_settings_of_a_seat_a_live_board_holds_gives_way(tmp_path, figures):
    """A player opens white's join link on a phone while white's board plays (issue 42:
    the holder gave way in 4 of 7 tries): the page shows "White: in use elsewhere",
    lets go of its link and makes no move; the board keeps its seat and, once the page
    is closed, the game goes on within the keepalive (remote/presence.py)."""
    broker = Broker(tmp_path / "broker", ("K7Q2",), ws=True)
    boards = []
    try:
        w = Board(tmp_path / "white", broker.remote("K7Q2", "white"), 1000)  # (they play on throughout)
        b = Board(tmp_path / "black", broker.remote("K7Q2", "black"), 1000, seed=5)
        boards += [w, b]
        wait_until(lambda: w.n() >= 4 and b.n() >= 4, 30, "both boards at 4 lines", boards)
        with sim_server() as url:
            link = join_link(url, "K7Q2", "white", "127.0.0.1", broker.ws_port, False, broker.games["K7Q2"]["white"])
            proc = subprocess.run(["node", str(ROOT / "tests/browser/twin_driver.mjs"), link, "9"], cwd=ROOT,
                                  capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr[-3000:]
        r = json.loads(proc.stdout)
        assert r["errors"] == []
        assert "White: in use elsewhere" in r["said"] and r["said"][-1] == "White: in use elsewhere", r["said"]
        assert r["linked"] <= 2 and r["samples"] >= 5, r  # let go at once (a try every 10 s: none in these 9 s)
        assert "SAY White: in use elsewhere" not in w.out and not w.said("remote: another board")
        n = max(w.n(), b.n())
        wait_until(lambda: w.n() >= n + 2 and b.n() >= n + 2, 2, "the game going on after the page left", boards)
        assert r["n"] <= w.n() and [x for x in b.out if x.startswith("SAY")][-1] == "SAY "
        figures("remote: a page opened with a held seat's settings showed (holder's drops)",
                "%s (%d)" % (" / ".join(repr(x) for x in r["said"]), len(w.said("remote: no link"))))
    finally:
        for board in boards:
            board.stop()
        broker.stop()
