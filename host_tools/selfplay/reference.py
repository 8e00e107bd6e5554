"""The self-play player "reference": the yardstick of issue 46.

An information-set Monte Carlo tree search like `ismcts` (the same
determinization of what its player cannot see, the same tree over single
events, UCB selection), with the one difference that decides its strength:
a play-out does not end in a rough count but in a real evaluation of the
position, in expected points of the game —

- the points already banked;
- the scorings still to come, each worth what it gives (1 and 2 points at
  the ends of rounds 1 and 2, the difference in stones at the end), taken by
  whoever leads in stones now, with the islands not yet won counted at the
  device planner's own island values (a stick short of a majority, a
  majority threatened);
- the sticks on the board (they decide a tie and an early end) and the
  cards in hand (moves still to make).

Its play-outs are short (ROLLOUT events by the greedy choice of the tree's
own evaluation would cost too much in CPython: random events, as `ismcts`),
so the evaluation carries the search. ITERATIONS is a parameter
(`--b reference:1000`). Seeded by the game's random generator: a run repeats
exactly. It sees only what a player may (see ismcts.py).
"""

import math

from companion.core.kahuna import ROUND
from companion.core.kahuna_ai import Planner

from .ismcts import ISMCTS

ITERATIONS = 200
ROLLOUT = 8
SCALE = 2.0  # expected points at which the value is tanh(1): about 0.88


def expected_points(g, planner, me):
    """The position for player me (0, 1) in expected points of the game over the other."""
    them = 1 - me
    e = float(g.score(me) - g.score(them))
    rnd = g.get(ROUND)  # 1, 2, 3 (the final scoring after round 3)
    lead = g.stones(me) - g.stones(them)
    # the islands not yet won, at the planner's values (100 an island taken)
    open_value = 0
    for x in range(g.nisland):
        if not g.stone(x):
            open_value += planner.island_value(x, me + 1)
    islands = lead + open_value / 100.0
    for k in range(rnd, 4):  # the scorings still to come
        if k < 3:
            e += k * math.tanh(islands)  # k points to whoever leads then
        else:
            e += islands  # the final scoring: the difference
    e += 0.05 * (g.sticks(me) - g.sticks(them))
    e += 0.1 * (g.hand_size(me) - g.hand_size(them))
    return e


class Reference(ISMCTS):
    def __init__(self, iterations=ITERATIONS, rollout=ROLLOUT):
        super().__init__(iterations, rollout)
        self._planner = None

    def value(self, c, me):
        if c.over():
            w = c.winner()
            return 0.5 if w == 2 else (1.0 if w == me else 0.0)
        if self._planner is None or self._planner.g is not c:
            self._planner = Planner(c)
        return 0.5 + 0.5 * math.tanh(expected_points(c, self._planner, me) / SCALE)
