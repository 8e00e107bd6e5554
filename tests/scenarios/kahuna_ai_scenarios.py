"""The device opponent (companion/core/kahuna_ai.py): legal, deterministic, blind
to hidden cards; the same plans under every interpreter."""

from companion.core.kahuna_ai import Planner

from .common import game

W, B = "white", "black"


def deck(seed, variants=()):
    return game({"game": "kahuna", "layout": "kahuna", "cards": "digital", "seed": seed,
                 "first": "white", "variants": list(variants)})


def self_game(seed, variants=(), max_turns=300):
    """The device against itself: every turn's events, then the final state."""
    g = deck(seed, variants)
    ai = Planner(g)
    turns = []
    most = 0
    while not g.over() and len(turns) < max_turns:
        before = g.state()
        n = ai.decide()
        assert g.state() == before  # deciding leaves the game as it was
        events = ai.play_turn()
        assert len(events) == n or g.over()
        most = max(most, ai.tried)
        turns.append(events)
        assert g.card_total() == 24
    return {"turns": len(turns), "first": turns[:4], "state": g.state(), "most_tried": most,
            "how": g.decided_by()}


def swap_hidden(g, me):
    """Exchange a card of the opponent's hand with one of the pile (public facts kept)."""
    them = 1 - me
    for i in range(12):
        if g.hand(them, i) and not g.visible(them, i):
            for k in range(g.pile_size()):
                j = g.s[g.PILE + k]
                if j != i:
                    g.s[g.HAND + 12 * them + i] -= 1
                    g.s[g.HAND + 12 * them + j] += 1
                    g.s[g.PILE + k] = i
                    return True
    return False


def blind():
    """The plan depends only on what the device may see."""
    plans = []
    for seed in (3, 4, 5):
        g = deck(seed)
        h = deck(seed)
        a = Planner(g)
        for _ in range(6):  # a few turns in, both sides played by the device
            a.play_turn()
            Planner(h).play_turn()
        me = g.active()
        assert swap_hidden(h, me)
        assert g.state()["cards"]["hands"] != h.state()["cards"]["hands"]
        pa = Planner(g)
        pb = Planner(h)
        pa.decide()
        pb.decide()
        steps = [pa.event(k) for k in range(pa.n)]
        assert steps == [pb.event(k) for k in range(pb.n)]
        plans.append(steps)
    return plans


def run_all():
    return {"game5": self_game(5), "game6_variants": self_game(6, ("variant1", "variant2")),
            "blind": blind()}
