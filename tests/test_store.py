"""The store's recovery policy, checkpoints and a failing flash (CPython; the same
scenarios run under both MicroPython ports in test_both_interpreters.py)."""

import pytest

from companion.text import wrap

from tests.scenarios import store_scenarios as sc


@pytest.fixture(scope="module")
def damage():
    return sc.damage()


def test_a_refused_event_resumes_before_it_and_keeps_the_whole_log(damage):
    r = damage["refused"]
    assert (r["events"], r["menu"], len(r["log"])) == (2, False, 3)
    assert r["message"] == ["line 4 damaged:", "resumed before", "it. Whole log:", "game-0001"]
    assert r["kept"] == ["game-0001"] and r["kept_whole"] == [True]


def test_erased_flash_after_a_cut_is_the_event_in_flight(damage):
    r = damage["erased_tail"]
    assert (r["events"], r["menu"], r["message"], len(r["log"]), r["kept"]) == (4, False, [], 5, [])


def test_garbage_with_newlines_after_a_cut_drops_only_the_garbage(damage):
    r = damage["garbage_lines"]
    assert (r["events"], len(r["log"]), r["kept_whole"]) == (4, 5, [True])
    assert r["message"][0] == "line 6 damaged:"


def test_a_torn_header_or_a_file_that_is_no_log_starts_a_fresh_game(damage):
    # nothing to resume: the board plays at once with the menu's first choices
    for case in ("torn_header", "not_a_log"):  # no log header on line 1: set aside whole, and said
        r = damage[case]
        assert not r["menu"] and r["events"] == 0 and r["kept"] == [] and r["aside_whole"]
        assert [h["game"] for h in r["log"]] == ["kahuna"] and r["log"][0]["first"] == "lot"
        assert r["message"] == ["current.jsonl", "(not a game log)", "set aside as", "aside-1-current.", "jsonl"]
    r = damage["bad_header"]  # a header of a game this board has not: the log's damage, archived
    assert not r["menu"] and r["events"] == 0 and r["kept_whole"] == [True]
    assert len(r["log"]) == 1 and r["log"][0]["game"] == "kahuna"  # the new game's header only
    # the damaged log's word stays on the display under the new game
    assert r["message"] == ["unreadable saved", "game kept as", "game-0001: start", "a new one"]


def test_a_checkpoint_restores_the_same_game_and_undo_goes_back_through_it():
    r = sc.checkpoints()
    # in effect after boot: the 11 events the checkpoint's journal carries, and the one after it
    assert r["same_state"] and r["based"] == 12 and r["in_effect_after_boot"] == 12
    # 12 undos from memory; the 13th press finds the log's start behind the checkpoint (a replay): nothing more
    assert r["undos_to_start"] == 13 and r["at_start"] and r["nothing_more"] == ["nothing to undo"]


def test_a_failing_flash_plays_on_from_memory_and_catches_up():
    r = sc.flash_fails()
    assert r["message"][0] == "NOT SAVED (flash" and r["pending"] == 2 and r["log_while_failing"] == 2
    assert r["message_after"] == ["saved again"] and len(r["log_after"]) == 5
    assert r["long_message"][0] == "GAME NOT SAVED" and r["long_message"][-1].endswith("them")
    assert r["caught_up"] == [0, False, 5 + 2 * 33]


def test_a_full_flash_makes_room_by_deleting_the_oldest_archived_game():
    r = sc.flash_full()
    assert r["archived"] == ["game-0002"] and r["log"] == [sc.HEADER, {"op": "end_turn"}]


@pytest.fixture(scope="module")
def as_found():
    return sc.archive_as_found()


def _archived_as_found(r, said, lines, problem=None):
    assert r["said"] == said + ". Whole log: game-0001" and r["log"] == lines and r["kept"] == ["game-0001"]
    assert len(wrap(r["said"], rows=9)) <= 5  # every word on the display, the archive's name too
    assert r["files"] == sorted(r["as_found"] + ["note.txt"]) and r["pulled"]  # every piece, byte for byte
    assert r["note"] == "The board found: %s. It went on with lines 1 to %d. The files here are the log as " \
        "it was on flash.\n" % (problem or said.split(":")[0], lines)


def test_bytes_after_the_last_newline_of_a_middle_piece_are_damage_and_archived_as_found(as_found):
    _archived_as_found(as_found["tail"], "piece 00000.jl ends inside line 4: resumed after line 3", 3)


def test_a_missing_piece_is_said_on_the_display_and_in_the_note(as_found):
    _archived_as_found(as_found["gap"], "line 4 is missing: resumed after line 3", 3)


def test_an_extra_line_in_a_middle_piece_keeps_the_next_piece_for_the_archive(as_found):
    # the why does not fit the display with the archive's name (it was cut before "game-0001"):
    # the display says it shortly, the note and the console in full
    _archived_as_found(as_found["extra"], "saved game damaged: resumed after line 4", 4,
                       "piece 00003.jl holds lines 4 on again, not as the piece before")


def test_a_torn_piece_before_raw_blocks_is_damage_not_a_power_cut(as_found):
    r = as_found["tail_before_blocks"]  # (`companion pull-log` would join its tail to the block's first line)
    assert r["said"] == "piece 00000.jl ends inside line 4: resumed after line 3. Whole log: game-0001"
    assert r["log"] == 3 and r["files"] == ["00000.jl", "00001.blk", "note.txt"]
    assert r["as_found"] == ["00000.jl", "00001.blk"]


def test_a_merge_leftover_holding_the_same_bytes_is_dropped_without_a_word(as_found):
    assert as_found["leftover"] == {"events": 4, "said": "", "log": 5, "kept": []}


def test_undo_behind_a_bounded_journal_replays_the_log_and_goes_back_to_the_start():
    r = sc.undo_behind_the_journal()
    assert r["events"] == 142 and r["lost"] == 53  # 53 of them left the bounded journal
    assert (r["undos"], r["differ"], r["nothing_more"]) == (142, 0, ["nothing to undo"])


def test_quiet_time_work_that_runs_out_of_memory_is_tried_again_and_never_stops_the_board():
    r = sc.quiet_time_fails()
    assert (r["tried"], r["closed_before"], r["still_closed"]) == (2, 19, 19)  # idle() raised nothing
    assert r["closed_after"] == 0 and r["log_same"] and r["plays_on"] == {"op": "end_turn"}
    # a write that runs out of memory: the event waits in memory, as for a failing flash
    assert r["not_saved"] == ["NOT SAVED (out", "of memory): play", "on from memory"]
    assert r["saved_again"] == [["saved again"], 0, [{"op": "end_turn"}] * 2]
