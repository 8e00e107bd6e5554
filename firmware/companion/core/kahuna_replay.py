"""Kahuna seen by the tools beside the board: the replay object
(Game.state) and the legal events (Game.legal_events), for the host's
replay, selfplay, review and bench, and the tests. The board itself never
asks for either, so it never loads this module: kahuna.py imports it inside
those two methods, and passes what only it can read (the round, whether the
game is in play) so that this module needs none of its slot numbers."""


def state(g, rnd):
    """Game.state of Kahuna (or the deck's game) g, in round rnd."""
    b = g.board
    s = g.s
    players = g.players
    sticks = {}
    for c in range(g.nconn):
        if s[c]:
            sticks[b.conn_names[c]] = players[s[c] - 1]
    stones = {}
    for i in range(g.nisland):
        if s[g.nconn + i]:
            stones[b.island_names[i]] = players[s[g.nconn + i] - 1]
    w = g.winner()
    return {
        "round": rnd,
        "active": players[g.active()],
        "sticks": sticks,
        "stones": stones,
        "score": {"white": g.score(0), "black": g.score(1)},
        "over": g.over(),
        "winner": None if w is None else ("draw" if w == 2 else players[w]),
        "todo": g.todo_state(),
    }


def legal_events(g, in_play):
    """Game.legal_events of Kahuna with physical cards: sticks to place, the
    opponent's to remove, TURN and (in play, not in the handicap or the
    final turns) the end of the round."""
    if g.over():
        return
    s = g.s
    names = g.board.conn_names
    them = 2 - g.active()
    for c in range(g.nconn):  # a cheap look first: why_not_* words a refusal
        if not s[c] and g.why_not_place(c) is None:
            yield {"op": "place", "at": names[c]}
    for c in range(g.nconn):
        if s[c] == them and g.why_not_remove(c) is None:
            yield {"op": "remove", "at": names[c]}
    yield {"op": "end_turn"}
    if in_play:
        yield {"op": "end_round"}
