"""The strong level's rule for a round's last card: in rounds 1 and 2, with
one card left to draw, it skips the draw (which would score the round now)
when it is not ahead in stones, and takes the card when it is ahead; the
normal level (issue 19's climb) always draws with fewer than 5 cards."""

from companion.core.games import new_game
from companion.core.kahuna_ai import NORMAL, STRONG, Planner
from host_tools.paths import load_layout


def one_card_left(g):
    return not g.pile_size() and sum(1 for k in range(3) if g.face(k) >= 0) == 1


def last_card_turns(level, seeds):
    """(ended with end_turn, stones ahead after its moves) of each such turn of a
    self-play game (the level against itself)."""
    out = []
    layout = load_layout("kahuna")
    for seed in seeds:
        g = new_game({"game": "kahuna", "layout": "kahuna", "cards": "digital", "seed": seed,
                      "first": "white", "variants": []}, layout)
        ai = Planner(g, level)
        while not g.over():
            p = g.active()
            watch = one_card_left(g) and g.get(0) < 3 and g.may_skip() and g.hand_size(p) < 5
            n = ai.decide()
            events = [ai.event(k) for k in range(n)]
            for e in events[:-1]:
                g.apply(e)
            if watch and not g.over():
                out.append((events[-1]["op"] == "end_turn", g.stones(p) - g.stones(1 - p)))
            g.apply(events[-1])
    return out


def test_strong_skips_the_last_card_exactly_when_not_ahead():
    turns = last_card_turns(STRONG, range(40))
    assert all(skipped == (lead <= 0) for skipped, lead in turns), turns
    skips = sum(1 for skipped, _ in turns if skipped)
    assert skips >= 5 and len(turns) - skips >= 5, turns  # both cases were met


def test_normal_takes_the_last_card_whatever_the_stones():
    turns = last_card_turns(NORMAL, range(40))
    assert turns and not any(skipped for skipped, _ in turns), turns
    assert any(lead <= 0 for _, lead in turns)
