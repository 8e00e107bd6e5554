"""The run loop's clock hook (UI.tick), with Duell; the scenarios assert exact
lines and logs and also run under MicroPython (test_both_interpreters)."""

from companion.store.log_store import Store
from tests.scenarios import clock_scenarios as scenarios


def test_time_up_through_the_run_loop_is_logged_and_replays_alike():
    r = scenarios.time_up()
    assert r["after"][2] == "Bison wins: time"
    assert r["replay"] == {"winner": "bison", "ended_by": "time"}


def test_after_a_power_cut_the_clock_goes_on_from_the_last_logged_event():
    r = scenarios.power_cut()
    assert (r["saved"], r["ran on"], r["resumed"]) == ("Time  7:00", "Time  6:00", "Time  7:00")
    assert r["replay"] == {"winner": "draw", "ended_by": "time"}


def test_a_ui_without_tick_is_left_alone():
    scenarios.without_tick()


def test_the_saved_clock_survives_only_whole(tmp_path):
    s = Store(str(tmp_path / "games"))
    assert s.load_clock() is None
    s.save_clock(421000)
    assert s.load_clock() == 421000
    (tmp_path / "games" / "clock.txt").write_text("4210")  # a write cut short
    assert s.load_clock() is None
    s.save_clock(5)
    s.begin({"game": "duell"})  # a new game: the old clock goes
    assert s.load_clock() is None and not (tmp_path / "games" / "clock.txt").exists()
