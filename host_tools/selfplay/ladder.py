"""`companion selfplay --ladder`: every player against every other, rated.

A round robin over LADDER (greedy, the first device opponent, the device's
three levels, the reference search at 200 and 1,000 iterations): each pair
plays the same fixed seeds with colours alternating, and the results are
turned into Bradley–Terry ratings on the Elo scale (400 points: 10 to 1
odds), the greedy player at 0, each with a 95 % interval.

The ratings are the maximum-likelihood fit (Newton's method on the log
likelihood, a draw counting half a win to each side); the intervals come
from the curvature of the likelihood at the fit (the observed information,
inverted), as statistics packages give them. Both are a few lines, so no
package is pulled in for them.
"""

import concurrent.futures
import math

LADDER = ("greedy", "device-v1", "device-easy", "device-normal", "device", "reference:200", "reference:1000")
ELO = 400.0 / math.log(10.0)  # Elo points per unit of the natural log of the odds
Z95 = 1.96


def pairs(n, around=None):
    """The pairs (i, j), i < j, a ladder of n players plays: all of them, or
    with `around` (an index) only those with that player — a star, far
    cheaper when one player is slow or one question is asked ("is this
    player at or above every other?"), and still one connected fit."""
    return [(i, j) for i in range(n) for j in range(i + 1, n) if around is None or around in (i, j)]


def round_robin(players, games, seed, play, progress=None, jobs=1, around=None):
    """wins[i][j]: games player i won against player j (a draw: half to each).
    play(a, b, seed, k) -> "a", "b" or "draw" plays game k of a pair; each game
    stands alone (its own seed, fresh players), so `jobs` processes give the
    same table as one. `around`: see pairs()."""
    n = len(players)
    tasks = [(i, j, k) for i, j in pairs(n, around) for k in range(games)]
    wins = [[0.0] * n for _ in range(n)]

    def count(task, who):
        i, j, _ = task
        if who == "a":
            wins[i][j] += 1
        elif who == "b":
            wins[j][i] += 1
        else:
            wins[i][j] += 0.5
            wins[j][i] += 0.5

    args = [(players[i], players[j], seed, k) for i, j, k in tasks]
    if jobs > 1:
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
            results = pool.map(play, *zip(*args), chunksize=1)
            for done, (task, who) in enumerate(zip(tasks, results), start=1):
                count(task, who)
                if progress:
                    progress.step(done)
    else:
        for done, (task, a) in enumerate(zip(tasks, args), start=1):
            count(task, play(*a))
            if progress:
                progress.step(done)
    return wins


def _solve(a, b):
    """x with a x = b (Gauss–Jordan with partial pivoting; a is small)."""
    n = len(b)
    m = [row[:] + [b[k]] for k, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[k][n] / m[k][k] for k in range(n)]


def _inverse(a):
    n = len(a)
    cols = [_solve(a, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[cols[c][r] for c in range(n)] for r in range(n)]


def bradley_terry(wins, anchor=0, prior=0.5):
    """(ratings, half-widths of their 95 % intervals) in Elo points, player
    `anchor` at 0. `prior` adds that many half-won games between every pair
    that met, so a player who won (or lost) every game gets a finite rating."""
    n = len(wins)
    w = [[wins[i][j] + (prior if wins[i][j] + wins[j][i] else 0.0) for j in range(n)] for i in range(n)]
    free = [k for k in range(n) if k != anchor]
    theta = [0.0] * n
    for _ in range(100):
        grad = []
        hess = []
        for i in free:
            g = 0.0
            row = []
            for j in free:
                row.append(0.0)
            for j in range(n):
                if j == i:
                    continue
                t = w[i][j] + w[j][i]
                if not t:
                    continue
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                g += w[i][j] - t * p
                h = t * p * (1.0 - p)
                row[free.index(i)] += h
                if j != anchor:
                    row[free.index(j)] -= h
            grad.append(g)
            hess.append(row)
        step = _solve(hess, grad)
        for k, i in enumerate(free):
            theta[i] += step[k]
        if max(abs(s) for s in step) < 1e-9:
            break
    cov = _inverse(hess)
    half = [0.0] * n
    for k, i in enumerate(free):
        half[i] = Z95 * math.sqrt(max(cov[k][k], 0.0)) * ELO
    return [t * ELO for t in theta], half


def table(players, wins, ratings, half):
    """The ladder as text lines, best first."""
    n = len(players)
    order = sorted(range(n), key=lambda i: -ratings[i])
    out = ["%-16s %7s %13s %8s" % ("player", "rating", "95% interval", "score")]
    for i in order:
        won = sum(wins[i])
        played = sum(wins[i][j] + wins[j][i] for j in range(n))
        out.append("%-16s %7.0f %6.0f..%-5.0f %7.1f%%" % (
            players[i], ratings[i], ratings[i] - half[i], ratings[i] + half[i], 100.0 * won / max(played, 1)))
    return out
