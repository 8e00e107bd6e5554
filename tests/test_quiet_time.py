"""When the run loop does its quiet-time work (flash work that may erase,
the look, the heap's collection): never between a press and its light,
at once after boot and within HURRY_MS of a release (a press is least
likely then), else after a pause (boot.Loop._work_due)."""

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


def test_other_work_waits_for_a_pause(board):
    d, idle, collected = board
    down, up = press_and_release(d, "ALOA-BARI")
    d.wait(loop.IDLE_MS - 100)
    assert idle == [] and collected == []
    d.wait(200)
    assert len(idle) == 1 and idle[0] >= up + loop.IDLE_MS
    d.wait(20)
    assert len(collected) == 1 and collected[0] > idle[0]  # a press came: the heap is collected


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

    monkeypatch.setattr(d.app.store, "save_lit", no_room)
    d.loop.look = (28, "0a1b2c3d 4e5f6071")
    d.press("ALOA-BARI")
    d.wait(loop.IDLE_MS + 100)  # quiet time: the look tried
    assert d.loop.looked == -1
    d.press("ALOA-HUNA")
    assert [e["at"] for e in d.log()[1:]] == ["ALOA-BARI", "ALOA-HUNA"]


def test_more_work_than_a_release_allows_waits_for_a_pause_then_goes_on_a_step_after_another(board, monkeypatch):
    """Quiet-time work never starts in the hundreds of ms after a release,
    when the next press may come (a press 220 ms after a New game met an
    erase that the hurry after its release had chained, issue 44)."""
    d, idle, _ = board
    left = [60]

    def work():  # a step of work, each wanting another
        idle.append(d.t)
        left[0] -= 1
        return left[0] > 0

    monkeypatch.setattr(d.app, "idle", work)
    monkeypatch.setattr(d.app, "soon", lambda: True)  # a raw block wanted
    down, up = press_and_release(d, "ALOA-BARI")
    d.wait(loop.IDLE_MS - 100)
    assert idle and all(up <= t < up + loop.HURRY_MS for t in idle), idle  # only just after the release
    window = len(idle)
    d.wait(300)
    later = idle[window:]
    assert later and later[0] >= down + loop.IDLE_MS  # then after a pause, a step after another
    assert left[0] == 0 and max(b - a for a, b in zip(later, later[1:])) <= 4
