"""A small soak through a real Mosquitto (the 200-game one runs in `make bench`):
every game plays the whole recorded Kahuna game; no event lost or doubled."""

import pytest

from host_tools.soak import command

pytestmark = pytest.mark.native


def test_twenty_games_at_once(tmp_path, figures):
    header, events = command.script()
    assert len(events) == 97 and header["first"] == "black"
    assert events[0] == {"op": "place", "at": "ALOA-BARI", "by": "black"}
    r = command.soak(20, tmp_path, seconds=60)
    assert (r["games"], r["events"], r["identical"], r["lost"], r["doubled"], r["refused"], r["drops"]) == \
        (20, 1940, 20, 0, 0, 0, 0)
    figures("remote soak, 20 games: latency p50 / p99 (ms, one process runs all 40 boards)",
            "%.1f / %.1f" % (r["p50_ms"], r["p99_ms"]))
