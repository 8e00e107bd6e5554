"""Rukuni, Duell der Schamanen and Kanaloa (three seats) played remotely through a
real Mosquitto on loopback: each seat a native MicroPython board process (the
firmware on the simulated HAL, umqtt.simple over real sockets, a scripted player:
tests/remote_board.py), through a link cut, a broker killed and restarted and a
board's power cut; the logs end byte-identical (docs/remote.md)."""

import hashlib
import json
import time

import pytest

from companion.core import log
from tests.remote_rig import Board, Broker, Proxy, wait_until
from tests.test_remote_broker import log_dir

CODE = "G5R2"
GAMES = {  # layout: its seats (the host first), the log's length the boards play to
    "rukuni": (("white", "black"), 30),
    "duell": (("bison", "wolf"), 40),
    "kanaloa": (("red", "blue", "green"), 30),
}

pytestmark = pytest.mark.native


@pytest.mark.parametrize("layout", sorted(GAMES))
def test_a_remote_game_keeps_one_log_through_cuts_a_broker_kill_and_a_power_cut(layout, tmp_path):
    seats, target = GAMES[layout]
    started = []
    try:
        broker = Broker(tmp_path / "broker", (CODE,), seats=seats)
        started.append(broker)
        proxies = [Proxy(broker.port) for _ in seats]
        started += proxies
        boards = []
        for k, seat in enumerate(seats):
            boards.append(Board(tmp_path / seat, broker.remote(CODE, seat, proxies[k].port), target, seed=3 + 2 * k,
                                layout=layout))
            started.append(boards[-1])

        def reach(n):
            wait_until(lambda: all(b.n() >= n or b.said("DONE") for b in boards), 30,
                       "every board at %d lines" % n, boards)

        t0 = time.monotonic()
        reach(target // 4)
        proxies[0].cut()  # the host's link drops; new connections refused for a while
        time.sleep(0.6)
        proxies[0].resume()
        reach(target // 2)
        broker.kill()  # SIGKILL mid-game, then the same broker again (persistence on)
        time.sleep(0.3)
        broker.start()
        boards[-1].power_cut()  # and the last seat's board loses power while all catch up
        boards[-1].start()
        wait_until(lambda: all(b.said("DONE") for b in boards), 45, "every board done", boards)
        seconds = time.monotonic() - t0
        logs = [b.log() for b in boards]
        assert all(x == logs[0] for x in logs)  # byte-identical
        assert len({tuple(b.said("DONE")[-1:]) for b in boards}) == 1
        lines = logs[0].decode().splitlines()
        game = log.replay(lines, lambda name: json.loads((log_dir() / (name + ".json")).read_text()))
        assert len(lines) >= target or game.over()
        assert game.events_in_effect() == len(lines) - 1  # every event once: no undo, none doubled or lost
        events = [json.loads(x) for x in lines[1:]]
        assert all(e["by"] in seats for e in events)  # each event by a seat ...
        assert all(e.get("player", e["by"]) == e["by"] for e in events)  # ... of its own pieces
        if layout == "duell":  # every wolf mask is the one it sealed before bison's was shown
            masks = [e for e in events if e["op"] == "mask"]
            assert masks and [e["by"] for e in masks] == ["bison", "wolf"] * (len(masks) // 2)
            for shown, wolf in zip(masks[::2], masks[1::2]):
                seal = hashlib.sha256(("%d:%s" % (wolf["choice"], wolf["salt"])).encode()).hexdigest()
                assert shown["seal"] == seal and "salt" not in shown
        header = json.loads(lines[0])
        if "seed" in header:  # dealt from every seat's part
            assert sorted(header["deal"]) == sorted(seats)
        if layout == "kanaloa":
            assert header["players"] == list(seats)
        assert seconds < 50, seconds
        drops = [len(b.said("remote: no link")) for b in boards]
        assert drops[0] >= 2 and min(drops) >= 1  # the host's cut and the broker's kill, seen and healed
        assert [b.starts for b in boards] == [1] * (len(seats) - 1) + [2]  # the power cut
    finally:
        for part in reversed(started):
            part.stop()
