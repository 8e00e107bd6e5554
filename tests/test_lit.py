"""The board's saved look at power-on (firmware/companion/lit.py). The same
scenarios run under both MicroPython ports in test_both_interpreters.py; on
the emulated Pico: tests/test_chip.py."""

from tests.scenarios import lit_scenarios as ls

PACK = {"whole": [28, True], "cuts taken": 0, "flips taken": 0, "other marks": None, "no marks": None,
        "other log": None, "no log": None, "length": 4 + 1 + 2 + 1 + 17 + 1 + 18 + 36 + 4}
FOLLOWS = {"before quiet": False, "saved": [28, True], "after press": [True, None, 1], "saved again": True,
           "other layout": None, "hand-put log": None}
STUCK = {"stuck": [0, True, "cannot start:", True], "then": [1, False]}


def test_a_torn_flipped_or_foreign_look_is_never_taken():
    assert ls.pack_and_damage() == PACK


def test_the_look_is_saved_in_quiet_time_and_not_shown_once_another_event_is_logged():
    assert ls.look_follows_the_game() == FOLLOWS


def test_a_look_that_cannot_be_removed_keeps_a_new_game_from_replacing_the_saved_one():
    assert ls.look_that_cannot_go_keeps_the_game() == STUCK


def test_a_checked_txt_that_is_not_text_shows_no_look_and_has_the_layout_checked():
    assert ls.marks_not_text() == [True, True, None, ""]


def test_the_written_part_of_a_block_is_found_as_rstrip_finds_it():
    tried, differ, lengths, tokens = ls.written_blocks()
    assert (tried, differ, tokens) == (264, 0, 0) and lengths > 60  # (torn, erased inside, empty, full)


def test_a_board_without_a_game_shows_the_new_games_look_until_the_game_is_logged():
    assert ls.new_game_look() == {"no log folder": ["new", [28, True]], "boot renders it": True,
                                  "header logged": True, "with a log": None}


def test_the_store_and_the_look_name_the_same_file():
    from companion import lit
    from companion.store import files as store

    assert store.LOOK == lit.NAME
