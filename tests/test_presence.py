"""Who holds a seat (remote/presence.py) under any sequence of links coming up and
going down and of state messages on the seat's own topic (hypothesis): a board
gives way only when a foreign id it saw changes; its own ids, id-less wills and a
foreign id that stays the same never make it; no wait it asks for is longer than
the keepalive; a board that gave way is sure again once a link stays up."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.remote import presence
from companion.remote.link import KEEPALIVE_S
from companion.remote.presence import GaveWay, Presence
from companion.remote.protocol import Sync

MINE = 0x1234567


def board(sure):
    sync = Sync("K7Q2", "white", [b'{"game": "kahuna"}'], None)
    return sync, Presence(sync, sure, MINE)


steps = st.lists(st.one_of(
    st.tuples(st.just("up"), st.integers(0, 20000)),  # the link up, after so many ms
    st.tuples(st.just("down"), st.integers(0, 20000)),
    st.tuples(st.just("state"), st.sampled_from(["mine", "none", "A.1", "A.2", "B.1", 7, None]),
              st.sampled_from([0, 1, "1", None]))), max_size=40)


@settings(max_examples=300, deadline=None)
@given(st.booleans(), steps)
def test_a_board_gives_way_only_to_a_foreign_id_that_changed(sure, events):
    sync, p = board(sure)
    now = 0
    foreign = []  # the foreign ids seen, in order
    for ev in events:
        if ev[0] == "up":
            now = (now + ev[1]) & 0x3FFFFFFF
            p.up(now)
            p.steady(now)
        elif ev[0] == "down":
            now = (now + ev[1]) & 0x3FFFFFFF
            wait = p.down(now)
            assert 0 <= wait <= KEEPALIVE_S * 1000  # no stall past the keepalive
            assert wait == presence.HOLD_MS if p.taken else wait < presence.HOLD_MS
        else:
            ident = sync.id if ev[1] == "mine" else ev[1]
            msg = {"v": 1, "g": "K7Q2", "t": "state", "from": "white", "on": ev[2]}
            if ev[1] != "none":  # (an id-less state: an unsure board's will)
                msg["id"] = ident
            theirs = ev[1] not in ("mine", "none") and isinstance(ident, str)
            changed = bool(theirs and foreign and foreign[-1] != ident)
            if theirs:
                foreign.append(ident)
            try:
                p.heard(msg)
                assert not changed
            except GaveWay:
                assert changed
                assert p.taken and not p.sure and sync.id is None and sync.outbox == []
        assert p.taken is False or p.sure is False
        assert (sync.id is not None) == p.sure or p.links == 1  # (an id only while sure)


def test_a_board_that_gave_way_is_sure_again_once_a_link_stays_up():
    sync, p = board(True)
    p.heard({"id": "A.1", "on": 1})
    try:
        p.heard({"id": "A.2", "on": 0})
        raise AssertionError("no GaveWay")
    except GaveWay:
        pass
    assert p.down(100) == presence.HOLD_MS
    p.up(10100)
    assert not p.steady(10100 + presence.TAKEN_MS - 1) and p.taken
    assert p.steady(10100 + presence.TAKEN_MS) and p.sure and not p.taken and sync.id.endswith(".3")
    assert [t for t, payload, r in sync.outbox] == ["kc/K7Q2/white/state", "kc/K7Q2/white/log/0"]  # hello
