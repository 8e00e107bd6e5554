"""The game log in raw blocks on littlefs (companion/blocks.py), under native
MicroPython with the rp2 port's littlefs on a counting flash (tests/rawlog.py);
`companion pull-log` joins the same files on the host."""

import json

import pytest

from host_tools.log_folder import join_pieces as join_folder, whole_folder
from host_tools.micropython import run_native
from host_tools.paths import ROOT


def join_pieces(pieces):
    return join_folder(pieces, True)  # the running game's folder, as pull-log reads it


H = '{"layout": "kahuna", "variants": [], "first": "white", "game": "kahuna"}'
E = ['{"op": "place", "at": "ALOA-BARI"}', '{"op": "end_turn"}', '{"op": "place", "at": "BARI-DUDA"}']


def native(call):
    out = run_native("import rawlog, json\nprint('OUT ' + json.dumps(rawlog.%s))" % call,
                     heapsize="16M", paths=(ROOT / "host_tools" / "bench",))
    return json.loads([l for l in out.splitlines() if l.startswith("OUT ")][-1][4:])


@pytest.mark.native
def test_events_are_programmed_into_the_raw_block_without_an_erase():
    got = native("appends()")
    assert got["erases"] == 0
    assert got["program_calls"] == 6  # per event: its text, then its newline
    assert got["files"] == ["00000.jl", "00001.blk"]
    assert got["log"] == "\n".join([H] + E) + "\n"
    assert got["read"] == [H] + E
    assert got["after_reboot"] == '{"op": "end_turn"}'


@pytest.mark.native
def test_a_line_cut_while_programmed_is_dropped_and_the_next_goes_to_a_fresh_block():
    got = native("cut(0)")  # the power fails while the line's text is programmed
    assert got["raised"] and got["read"] == [H, E[0]]
    assert got["dropped"].startswith('{"op"')  # it stays in the block: a damaged log is archived as it is
    assert got["files"] == ["00000.jl", "00001.blk", "00002.blk"] and got["erases_for_next"] == 1
    assert got["log"] == "\n".join([H, E[0], E[2]]) + "\n"


@pytest.mark.native
def test_a_cut_while_the_newline_is_programmed_leaves_the_line_before_or_after():
    got = native("cut(1)")
    assert got["raised"] and got["read"] in ([H, E[0]], [H, E[0], E[1]])
    expected = [H, E[0]] + ([E[1]] if len(got["read"]) == 3 else []) + [E[2]]
    assert got["log"] == "\n".join(expected) + "\n"


@pytest.mark.native
def test_a_full_block_goes_on_in_the_spare_that_quiet_time_allocated():
    got = native("fill()")
    assert got["erases_in_appends"] == 0  # every allocation happened in maintain()
    assert len(got["quiet"]) == 2 and got["quiet"][0] < got["quiet"][1] == got["events"]  # the loop stops at the third block
    assert got["files"] == ["00000.jl", "00001.blk", "00002.blk", "00003.blk"]
    assert got["lines"] == got["events"] + 1 and got["log_ok"]


@pytest.mark.native
def test_a_store_not_on_the_given_flash_keeps_its_log_in_files():
    got = native("elsewhere()")
    assert got == {"raw": False, "files": ["00000.jl"], "other_programs": 0,
                   "log": "\n".join([H] + E) + "\n"}


@pytest.mark.native
def test_checkpoints_and_the_clock_are_lines_of_the_side_blocks():
    got = native("side()")
    assert got["check"] == [1, 2] and got["check_n"] == 3 and got["clock"] == 58000
    assert got["erases_after_first"] == 0
    # (log.new: quiet time's spare folder for the next New game, Store._spare_folder)
    assert got["files"] == ["00000.jl", "00001.blk", "00001.chk"] and got["root"] == ["log", "log.new"]


@pytest.mark.native
def test_repairing_a_raw_log_keeps_the_prefix_in_a_new_folder():
    got = native("truncate()")
    assert got["kept"] == "game-0001" and got["kept_log"] == 4
    assert got["log"] == "\n".join([H, E[0], '{"op": "end_turn"}', '{"op": "end_turn"}']) + "\n" and got["n"] == 4
    # no erase in the repair's step: the next event goes into the first piece, and
    # from the next quiet time on into raw blocks
    assert got["files"] == ["00000.jl"] and got["files_after"] == ["00000.jl", "00001.blk"]


@pytest.mark.native
def test_a_store_without_the_block_device_reads_a_raw_log_and_goes_on_in_pieces():
    got = native("without_flash()")
    assert got["read"] == [H] + E[:2]
    assert got["files"] == ["00000.jl"]  # the blocks are gone; all lines in one piece
    assert got["log"] == "\n".join([H] + E) + "\n"


def test_pull_log_joins_pieces_and_raw_blocks_in_order():
    marker = b"C" + bytes(range(1, 16))
    torn = b'{"op": "pl'
    blk1 = marker + (E[0] + "\n").encode() + torn + b"\xff" * 100
    blk2 = marker + (E[1] + "\n" + E[2] + "\n").encode() + b"\xff" * 100
    pieces = [("00002.blk", blk2), ("00000.jl", (H + "\n").encode()), ("00001.blk", blk1),
              ("00001.chk", marker + b"c 1 2 00\n"), ("empty.tmp", b"")]
    assert join_pieces(pieces).decode() == "\n".join([H] + E) + "\n"


def test_pull_log_keeps_every_byte_of_a_damaged_folder_and_drops_only_a_real_merge_leftover():
    join_pieces = whole_folder  # (current.damaged.jsonl beside the lines the board keeps)
    lines = [(x + "\n").encode() for x in [H] + E]
    tail = b'{"op": "pl'
    # bytes after the last newline of a middle piece: kept, as on flash
    assert join_pieces([("00000.jl", lines[0] + lines[1] + tail), ("00002.jl", lines[2] + lines[3])]) == \
        lines[0] + lines[1] + tail + lines[2] + lines[3]
    # an extra line in a middle piece: the next piece is not a leftover, it is kept
    extra = lines[0] + lines[1] + lines[1]
    assert join_pieces([("00000.jl", extra), ("00002.jl", lines[2] + lines[3])]) == extra + lines[2] + lines[3]
    # a merge cut before it removed the pieces it merged: those hold the same bytes, and go
    merged = b"".join(lines)
    assert join_pieces([("00000.jl", merged), ("00002.jl", lines[2] + lines[3]), ("00003.jl", lines[3])]) == merged


def test_a_block_read_256_bytes_at_a_time_has_the_lines_and_state_of_the_whole_block(tmp_path):
    import random

    from companion.store import blocks
    rng = random.Random(25)
    marker = b"C" + bytes(range(1, 16))
    for k in range(300):
        lines = b"".join(b'{"op": "place", "at": "%d"}\n' % rng.randrange(10 ** rng.randrange(1, 9))
                         for _ in range(rng.randrange(0, 160)))
        torn = rng.choice([b"", b'{"op": "pl', b"\x00\x12"])
        after = rng.choice([b"", b"", b"\x00" + b"\xff" * rng.randrange(300) + b"\x7f"])
        data = (marker + lines + torn)[:4096]
        data += b"\xff" * (4096 - len(data) - len(after)) + after if len(data) + len(after) <= 4096 else b""
        path = tmp_path / ("%05d.blk" % k)
        path.write_bytes(data)
        mark, size, end, clean = blocks.scan(str(path))
        assert (mark, size, (end, clean)) == (data[:16], len(data), blocks.body(data)), k
        parts = []
        blocks._part(str(path), 16, end, parts.append)
        assert b"".join(parts) == data[16:end] and max(map(len, parts or [b""])) <= 256


@pytest.mark.native
def test_a_new_games_first_events_wait_in_its_first_piece_for_quiet_time_to_write_a_raw_block():
    got = native("first_events()")
    assert got["erases_before_quiet"] == 0 and got["files_before_quiet"] == ["00000.jl"]
    # quiet time prepares the block in steps of one erase at most: the file
    # created, its first KB written (the erase), the rest, then found on the flash
    # (the fifth step: the next New game's spare folder, Store._spare_folder: littlefs erases its block)
    assert got["erases_per_quiet_step"] == [0, 1, 0, 0, 1, 0] and got["erases_after"] == 0
    assert got["files"] == ["00000.jl", "00001.blk"]
    assert got["log"] == "\n".join([H, E[0], E[1]]) + "\n" and got["read"] == [H, E[0], E[1]]


@pytest.mark.native
def test_a_block_file_left_short_without_lines_is_removed_when_the_log_is_read():
    got = native("short_block()")
    assert got["read"] == [H, E[0]] and got["files"] == ["00000.jl", "00001.blk"]
    assert got["log"] == "\n".join([H, E[0], E[1]]) + "\n"


@pytest.mark.native
def test_the_saved_looks_token_follows_the_last_block_written_to():
    got = native("look_token()")
    assert got["names"] == ["00000.jl", "00001.blk", "00001.blk", "00001.blk", "00002.blk"]
    assert got["files"] == ["00000.jl", "00001.blk", "00002.blk"]
    assert got["spare changes nothing"] and got["event changes it"]
    assert got["the store's own"] == [True, True, True]  # store/look.py raw_token: no listing, no file opened
