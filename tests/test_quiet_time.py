"""When the run loop does its quiet-time work (flash work that may erase,
the heap's collection, the look): never between a press and its light;
at once after boot and within HURRY_MS of a release (a press is least
likely then), else only once nobody is at the board (AWAY_MS); the look
after a quiet second (loop.Loop._quiet_job)."""

import pytest

from companion import boot, loop
from tests.scenarios.device import Device, fresh_dir


@pytest.fixture
def board(monkeypatch):
    d = Device(fresh_dir("quiet-time"))
    d.new_game(first="white")
    d.wait(loop.IDLE_MS + 200)  # the new game's quiet time is over
    idle = []  # the times App.idle() was called
    monkeypatch.setattr(d.app, "idle", lambda: idle.append(d.t))
    collected = []  # the times the heap was collected
    monkeypatch.setattr(boot.gc, "collect", lambda: collected.append(d.t))
    return d, idle, collected


def press_and_release(d, name, hold=40):
    """Press and release; (the time the press counted, the time its release counted)."""
    code = d.buttons[name]
    d.loop.buttons.scanner.press(code)
    down = up = None
    while up is None:
        d.t += 2
        if down is not None and d.t - down >= hold:
            d.loop.buttons.scanner.release(code)
        before = d.loop.released_at, d.loop.press_at
        d.loop.step(d.t)
        if down is None and d.loop.press_at == d.t:
            down = d.t
        elif down is not None and d.loop.released_at == d.t and before[0] != d.t:
            up = d.t
    return down, up


def test_work_the_log_wants_soon_runs_just_after_a_release_never_while_held(board, monkeypatch):
    d, idle, _ = board
    monkeypatch.setattr(d.app, "soon", lambda: True)  # a raw block wanted
    down, up = press_and_release(d, "ALOA-BARI")
    assert not [t for t in idle if down <= t < up]  # not while the finger is on the button
    d.wait(10)
    assert idle and up <= idle[0] < up + loop.HURRY_MS


def test_work_runs_just_after_a_release_and_the_heap_waits_for_more_presses_or_an_empty_table(board):
    d, idle, collected = board
    down, up = press_and_release(d, "ALOA-BARI")
    d.wait(10)
    assert len(idle) == 1 and up <= idle[0] < up + loop.HURRY_MS
    d.wait(loop.AWAY_MS - 200)
    assert len(idle) == 1 and collected == []  # one press's garbage: no collection while players play
    d.wait(300)
    assert len(collected) == 1 and collected[0] >= up + loop.AWAY_MS  # nobody at the board: collected


def test_after_boot_all_quiet_work_comes_at_once_and_a_press_stops_the_hurry(board):
    d, idle, collected = board
    d.loop.booted(d.t)
    assert len(collected) == 1  # boot's garbage
    d.wait(4)
    assert len(idle) == 1  # at once, not after IDLE_MS
    d.wait(20)
    assert len(collected) == 1  # no press since boot's collection: none again
    d.loop.booted(d.t)
    code = d.buttons["ALOA-BARI"]
    d.loop.buttons.scanner.press(code)
    d.wait(20)
    assert not d.loop.hurry and len(idle) == 1


def test_a_look_that_finds_no_room_in_the_heap_is_skipped_and_play_goes_on(board, monkeypatch):
    """Saving the look may meet a fragmented heap (a MemoryError, as reading a
    whole log piece once did on the chip): no look then, the board plays on."""
    d, _, _ = board
    monkeypatch.undo()  # the real App.idle and gc.collect

    def no_room(*args):
        raise MemoryError("memory allocation failed, allocating 6912 bytes")

    from companion.store import look

    monkeypatch.setattr(look, "saving", no_room)
    d.loop.look = (28, "0a1b2c3d 4e5f6071")
    d.press("ALOA-BARI")
    d.wait(loop.IDLE_MS + 100)  # quiet time: the look tried
    assert d.loop.looked == -1
    d.press("ALOA-HUNA")
    assert [e["at"] for e in d.log()[1:]] == ["ALOA-BARI", "ALOA-HUNA"]


def test_more_work_than_a_release_allows_waits_for_the_next_release_or_an_empty_table(board, monkeypatch):
    """Quiet-time work never starts in the second after a press, when the
    next press may come (issue 44: a press 1 s after the last one met a
    checkpoint or a collection, 20-33 ms to light; one 220 ms after a New
    game's release met an erase that a hurry had chained)."""
    d, idle, _ = board
    left = [60]

    def work():  # a step of work, each wanting another
        idle.append(d.t)
        left[0] -= 1
        return left[0] > 0

    monkeypatch.setattr(d.app, "idle", work)
    down, up = press_and_release(d, "ALOA-BARI")
    d.wait(loop.AWAY_MS - 100)
    assert idle and all(up <= t < up + loop.HURRY_MS for t in idle), idle  # only just after the release
    window = len(idle)
    down2, up2 = press_and_release(d, "ALOA-HUNA")
    d.wait(loop.HURRY_MS)
    second = idle[window:]
    assert second and all(up2 <= t < up2 + loop.HURRY_MS for t in second)  # the next release's
    d.wait(loop.AWAY_MS + 300)
    later = idle[window + len(second):]
    assert later and later[0] >= up2 + loop.AWAY_MS  # then nobody at the board: a step after another
    assert left[0] == 0 and max(b - a for a, b in zip(later, later[1:])) <= 4


def _saving_board(name):
    """A board whose look is saved (a layout `companion flash` checked), a
    stick put on: its quiet second is about to save the look."""
    from tests.scenarios import lit_scenarios as ls

    root = fresh_dir(name)
    checked = ls._checked(root)
    d = Device(root)
    d.loop.look = (ls.PIN, ls.MARKS)
    d.wait(loop.IDLE_MS + 500)  # boot's quiet time, its look saved
    press_and_release(d, "ALOA-BARI")
    return d, root, checked


def _until_saving(d):
    for _ in range(loop.IDLE_MS + 200):
        if d.loop.saving is not None:
            return
        d.wait(1)
    raise AssertionError("the look's save never began")


def test_the_look_is_saved_a_short_step_at_a_time_and_written_at_its_last():
    """Issue 44: the look's save took 13 ms on the chip in one step (a press
    that met it lit 20 ms after contact); in steps, each ends within a press's
    settling time. The file is written only at the last step."""
    from companion import lit

    d, root, checked = _saving_board("look-steps")
    _until_saving(d)
    steps = 0
    while d.loop.saving is not None:
        assert lit.saved(root, checked) is None  # not yet written
        d.wait(1)
        steps += 1
    assert steps >= 5  # the listing, the sort, a chunk read (or more), the pack, the write
    found = lit.saved(root, checked)
    assert found is not None and bytes(found[1]) == bytes(d.loop.leds.strip.buf)
    assert d.loop.looked == d.app.version


def test_a_press_during_the_looks_save_drops_it_and_the_next_quiet_second_saves_the_new_look():
    from companion import lit

    d, root, checked = _saving_board("look-dropped")
    _until_saving(d)
    d.wait(1)
    assert d.loop.saving is not None
    press_and_release(d, "ALOA-DUDA")
    assert d.loop.saving is None  # dropped at the press
    d.wait(loop.IDLE_MS + 200)  # a quiet second: the look of the game with both sticks
    found = lit.saved(root, checked)
    assert found is not None and bytes(found[1]) == bytes(d.loop.leds.strip.buf)
    assert [e["at"] for e in d.log()[1:]] == ["ALOA-BARI", "ALOA-DUDA"]
