"""A Kanaloa game of three seats with one of them a page: headless chromium plays
green through the page's own keyboard input (tests/browser/remote_driver.mjs)
against red and blue, two native MicroPython boards, through a real Mosquitto
over WebSockets; the three logs end byte-identical (docs/remote.md)."""

import json
import subprocess

import pytest

from host_tools.broker import join_link
from host_tools.paths import ROOT
from tests.browser.simpage import needs_browser, sim_server
from tests.remote_rig import Board, Broker, wait_until

pytestmark = [needs_browser, pytest.mark.native]
SEATS = ("red", "blue", "green")
TARGET = 12


def test_a_page_plays_one_of_three_kanaloa_seats(tmp_path):
    broker = Broker(tmp_path / "broker", ("KP3",), ws=True, seats=SEATS)
    boards = []
    try:
        for k, seat in enumerate(SEATS[:2]):
            boards.append(Board(tmp_path / seat, broker.remote("KP3", seat), TARGET, seed=5 + 2 * k, layout="kanaloa"))
        with sim_server() as url:
            link = join_link(url, "KP3", "green", "127.0.0.1", broker.ws_port, False, broker.games["KP3"]["green"],
                             "kanaloa", SEATS)
            assert "layout=kanaloa" in link and "seats=red,blue,green" in link
            proc = subprocess.run(["node", str(ROOT / "tests/browser/remote_driver.mjs"), link, "green", str(TARGET)],
                                  cwd=ROOT, capture_output=True, text=True, timeout=150)
        assert proc.returncode == 0, proc.stderr[-3000:]
        r = json.loads(proc.stdout)
        assert r["errors"] == []
        assert r["state"]["n"] >= TARGET
        wait_until(lambda: all(b.n() >= r["state"]["n"] for b in boards), 10, "the boards at the page's length", boards)
        assert all(b.log() == r["log"].encode() for b in boards)  # byte-identical
        lines = r["log"].splitlines()
        assert json.loads(lines[0])["players"] == list(SEATS)
        events = [json.loads(x) for x in lines[1:]]
        assert {e["by"] for e in events} == set(SEATS)  # every seat played, the page too
    finally:
        for b in boards:
            b.stop()
        broker.stop()
