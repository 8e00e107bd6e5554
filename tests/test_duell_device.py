"""Duell on the simulated device under CPython (the scenarios assert exact frames and lines)."""

from tests.scenarios import duell_device_scenarios as dev


def test_a_basic_game_by_presses_writes_the_expected_log():
    r = dev.basic_game()
    assert r["end"][:3] == ["Game over", "Migis B18  W 0", "Bison wins"]


def test_memory_values_are_entered_under_the_hood_and_not_shown():
    r = dev.memory_game()
    for lines in r["seen"]:  # while Bison enters the value 1 on 0,0
        assert "1" not in lines[2] + lines[3]
    assert r["duel"][3] == "1,1 5:5 draw"


def test_profi_long_presses_place_and_move_the_other_colour():
    r = dev.profi_game()
    assert r["duel"][3] == "2,2 9:10 W+1"


def test_the_clock_sends_time_up():
    assert dev.clock()[-1] == {"op": "time_up"}


def test_the_clock_starts_at_the_boot_whatever_the_clock_reads_and_runs_on_across_its_wrap():
    assert dev.clock_from_any_time()[0][0] == ["Time 15:00", "Time 14:54"]


def test_an_undone_stone_flashes_its_site_over_the_invitation_to_place():
    assert dev.undo_while_placing() == {
        "placed": [dev.BISON, dev.STEADY],
        "undone": [[dev.YELLOW, dev.FAST], [dev.DIM, dev.PULSE]],  # the site to set back; a site free to place
        "set back": [[dev.DIM, dev.PULSE], False],  # free to place again, its pocket dark
        "log": [{"op": "undo"}, {"op": "took_off", "at": "0,0"}]}
