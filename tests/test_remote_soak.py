"""`companion remote-soak` small, through a real Mosquitto on a free port of
127.0.0.1 (configured as `companion broker` configures it): host-side boards
that speak the firmware's protocol (host_tools/soak/boards.py) play 20 games
at once; every game ends with both seats' logs identical, nothing lost or
doubled, and the figures that name the broker's limits are all there.
The big runs are docs/remote.md's; `make bench` runs 100 games."""

import json

from host_tools.cli import main
from host_tools.soak import command


def test_the_recorded_game_is_what_the_seats_play():
    header, events = command.script()
    assert len(events) == 97 and header["first"] == "black"
    assert events[0] == {"op": "place", "at": "ALOA-BARI", "by": "black"}
    assert {ev["by"] for ev in events} == {"white", "black"}


def test_twenty_games_at_once(tmp_path, figures):
    r = command.soak(20, tmp_path, moves=30, think_ms=20, seconds=60, workers=2)
    assert (r["games"], r["boards"], r["connections"], r["moves_per_game"]) == (20, 40, 40, 30)
    assert (r["finished"], r["identical"], r["moves"], r["lost"], r["doubled"], r["refused"], r["drops"]) == \
        (20, 20, 600, 0, 0, 0, 0)
    assert r["broker_fds"] >= 40  # one per connection at least: the broker held them all at once
    assert 0 < r["p50_ms"] <= r["p99_ms"] <= r["max_ms"]
    for key in ("broker_cpu_pct", "broker_wait_pct", "client_cpu_pct", "client_wait_pct", "machine_busy_pct",
                "others_cpu_pct", "broker_us_per_move", "client_us_per_move", "broker_rss_mb", "fd_limit",
                "connect_s", "moves_per_s", "seconds"):
        assert isinstance(r[key], (int, float)) and r[key] >= 0, key
    assert "limit" in r
    figures("remote soak, 20 games: move to the other board p50 / p99 (ms)", "%.1f / %.1f" % (r["p50_ms"], r["p99_ms"]))


def test_the_command_prints_the_figures_and_writes_them(tmp_path, capsys):
    out = tmp_path / "soak.json"
    assert main(["remote-soak", "--games", "3", "5", "--moves", "4", "--think", "0", "--workers", "1",
                 "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "3 games, 4 moves each" in printed and "5 games, 4 moves each" in printed
    assert "games finished, logs identical" in printed and "knee: " in printed
    runs = json.loads(out.read_text())["runs"]
    assert [(r["games"], r["identical"], r["moves"]) for r in runs] == [(3, 3, 12), (5, 5, 20)]


def test_a_limit_is_named_from_what_was_measured():
    base = {"connections": 200, "boards": 200, "refusals": [], "broker_fds": 207, "fd_limit": 20000,
            "broker_cpu_pct": 10.0, "broker_wait_pct": 1.0, "client_cpu_pct": 20.0, "client_wait_pct": 2.0,
            "others_cpu_pct": 5.0}
    assert command.limit_of(base) is None
    assert command.limit_of(dict(base, broker_cpu_pct=97.0)) == \
        "the broker's CPU (Mosquitto runs on one core): 97% of a core"
    assert command.limit_of(dict(base, client_cpu_pct=40.0, client_wait_pct=55.0, others_cpu_pct=150.0)) == \
        "the machine's cores: the client ran 40% of the time and waited for a core 55% " \
        "(other processes used 150% of a core)"
    assert command.limit_of(dict(base, broker_fds=19000)).startswith("file descriptors: the broker holds 19000 of")
    assert command.limit_of(dict(base, connections=150, refusals=["Not authorized"])) == \
        "connections: 150 of 200 boards connected (Not authorized)"
