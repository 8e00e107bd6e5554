"""Duell der Schamanen scenarios with exact expected states (RULES.md section 4)."""

from companion.core.rng import Rng

from .common import game, play, refused, rules, all_rules

B, W = "bison", "wolf"


def duell(*variants):
    return game({"game": "duell", "layout": "duell", "variants": list(variants)})


def put(player, at, value):
    return {"op": "put", "player": player, "at": at, "value": value}


def mask(player, choice):
    return {"op": "mask", "player": player, "choice": choice}


def swap(a, b, player=None, **more):
    d = {"op": "swap", "a": a, "b": b}
    if player:
        d["player"] = player
    for k in more:
        d[k] = more[k]
    return d


def site(k):
    return "%d,%d" % (k // 3, k % 3)


def values(state):
    """{site: [bison stones, wolf stones]} of a state, for compact asserts."""
    out = {}
    for name in state["sites"]:
        here = state["sites"][name]
        out[name] = [here[B], here[W]]
    return out


def order_puts(bison, wolf):
    """The 18 puts in placing order: Bison 1, then two each, Wolf's last turn 1.

    bison and wolf list (site, value) in the order each player places them.
    """
    seq = "BWWBBWWBBWWBBWWBBW"
    nb = nw = 0
    out = []
    for c in seq:
        if c == "B":
            out.append(put(B, site(bison[nb][0]), bison[nb][1]))
            nb += 1
        else:
            out.append(put(W, site(wolf[nw][0]), wolf[nw][1]))
            nw += 1
    return out


# Basic board: site k holds Bison's k+1 and Wolf's (k+1) % 9 + 1, so Bison
# loses every site by 1 except 2,2 (Bison 9 against Wolf 1).
BASIC = order_puts([(k, k + 1) for k in range(9)], [(k, (k + 1) % 9 + 1) for k in range(9)])


def placing():
    g = duell()
    actives = []
    for e in BASIC:
        actives.append(g.state()["active"])
        g.apply(e)
    assert "".join(a[0] for a in actives) == "bwwbbwwbbwwbbwwbbw"
    s = g.state()
    assert s["phase"] == "duel" and s["active"] is None
    assert s["hand"] == {B: [], W: []}
    assert values(s)["2,2"] == [[9], [1]] and values(s)["0,0"] == [[1], [2]]
    # refusals on the way
    g = duell()
    play(g, BASIC[:3])  # Bison 1 on 0,0; Wolf 2 on 0,0 and 3 on 0,1
    reasons = [
        refused(g, put(W, "1,1", 5)),  # Bison's turn
        refused(g, put(B, "0,0", 4)),  # Bison already there
        refused(g, put(B, "0,1", 3)),  # equal to Wolf's 3
        refused(g, put(B, "1,1", 1)),  # Bison's 1 is used
        refused(g, put(B, "3,1", 4)),
        refused(g, put(B, "1,1", 10)),
        refused(g, mask(B, 0)),
        refused(g, swap("0,0", "0,1")),
    ]
    assert reasons[0] == "it is bison's turn to place"
    assert reasons[1] == "0,0 already holds a bison stone"
    assert reasons[2] == "0,1 holds wolf's 3: the two stones on a site must differ"
    assert reasons[3] == "Bison's 1 is already on 0,0"
    assert reasons[4].startswith("unknown site '3,1'")
    assert reasons[5] == "value 10: a stone's value is 1..9"
    assert reasons[6] == "the duels start when all 18 stones are placed (15 to go)"
    assert reasons[7] == "no swap while placing: 15 stones to go"
    # a put with no "player" is the active player's
    g.apply({"op": "put", "at": "1,1", "value": 5})
    assert values(g.state())["1,1"] == [[5], []]
    return {"actives": actives, "final": s, "refusals": reasons}


def dead_end():
    """Bison's 1..8 and Wolf's 2..8, 1 on sites 0..7: Bison's 8 on 1,2 would
    leave both players only a 9 for the last empty site."""
    g = duell()
    puts = order_puts([(k, k + 1) for k in range(9)], [(k, (k + 1) % 8 + 1) for k in range(8)] + [(8, 9)])
    play(g, puts[:15])
    s = g.state()
    assert s["active"] == B and s["hand"] == {B: [8, 9], W: [9]}
    assert values(s)["2,1"] == [[], [1]] and values(s)["2,2"] == [[], []]
    reason = refused(g, puts[15])
    assert reason == ("a dead end: after bison's 8 on 2,1 the remaining stones could not fill "
                      "every site with unequal values")
    # the other way round completes the board
    play(g, [put(B, "2,2", 8), put(B, "2,1", 9), put(W, "2,2", 9)])
    assert g.state()["phase"] == "duel"
    return {"reason": reason, "final": values(g.state())}


def duels():
    """Every outcome of a basic duel, the swaps between them and the capped payment."""
    g = duell()
    play(g, BASIC)
    out = []
    # duel 1 on 2,2: Bison 9 beats Wolf 1 and takes 8
    s = play(g, [mask(W, 2)])[0]
    assert s["masks"] == {B: False, W: True} and s["duel"] is None and s["phase"] == "duel"
    assert refused(g, mask(W, 1)) == "Wolf has chosen a mask already"
    s = play(g, [mask(B, 2)])[0]
    assert s["duel"] == {"at": "2,2", B: 9, W: 1, "winner": B, "paid": 8}
    assert s["migis"] == {B: 17, W: 1} and s["phase"] == "swap" and s["active"] == B
    assert s["masks"] == {B: False, W: False}
    out.append(s)
    # Bison swaps; refusals first
    reasons = [
        refused(g, mask(B, 0)),
        refused(g, swap("0,0", "1,1", W)),
        refused(g, swap("0,0", "0,0")),
        refused(g, swap("0,0", "0,1")),  # Bison's 2 would meet Wolf's 2 on 0,0
        refused(g, swap("0,0", "2,2")),  # Bison's 1 would meet Wolf's 1 on 2,2
        refused(g, {"op": "move", "from": "0,0", "to": "0,1"}),
    ]
    assert reasons == [
        "Bison may swap two stones first (or pass with TURN)",
        "Bison may swap only own stones",
        "a swap needs two different sites",
        "after this swap 0,0 would hold two 2s: the values on a site must differ",
        "after this swap 2,2 would hold two 1s: the values on a site must differ",
        "moving a single stone is a profi-variant move: swap two stones",
    ]
    s = play(g, [swap("0,0", "1,1")])[0]
    assert values(s)["0,0"] == [[5], [2]] and values(s)["1,1"] == [[1], [6]]
    assert s["phase"] == "duel" and s["active"] is None
    # duel 2 on 1,1: Wolf 6 beats Bison 1 and takes 5; then Wolf may swap and passes
    s = play(g, [mask(B, 1), mask(W, 1)])[1]
    assert s["duel"] == {"at": "1,1", B: 1, W: 6, "winner": W, "paid": 5}
    assert s["migis"] == {B: 12, W: 6} and s["phase"] == "swap" and s["active"] == W
    out.append(s)
    s = play(g, [{"op": "pass"}])[0]
    assert s["phase"] == "duel" and s["duels"] == 2
    # duel 3 on 0,0: Bison 5 beats Wolf 2 and takes 3; Bison passes
    s = play(g, [mask(W, 0), mask(B, 0), {"op": "pass"}])[1]
    assert s["duel"] == {"at": "0,0", B: 5, W: 2, "winner": B, "paid": 3}
    assert s["migis"] == {B: 15, W: 3} and s["active"] == B
    out.append(s)
    assert refused(g, {"op": "pass"}) == "no pass now: the next duel waits for the masks"
    # duel 4 on 2,2: Bison 9 against Wolf 1 wins 8, but Wolf has only 3: all 18 Migis, the end
    s = play(g, [mask(B, 2), mask(W, 2)])[1]
    assert s["duel"] == {"at": "2,2", B: 9, W: 1, "winner": B, "paid": 3}
    assert s["migis"] == {B: 18, W: 0}
    assert s["over"] and s["winner"] == B and s["ended_by"] == "migis" and s["phase"] == "over"
    assert s["active"] is None
    out.append(s)
    reasons.append(refused(g, mask(B, 0)))
    reasons.append(refused(g, {"op": "time_up"}))
    assert reasons[-1] == reasons[-2] == "the game is over: start a new game from the menu"
    return {"steps": out, "reasons": reasons}


def time_up():
    """At the agreed time the device's clock sends time_up: most Migis wins."""
    g = duell()
    play(g, BASIC)
    draw = play(g, [{"op": "time_up"}])[0]
    assert draw["over"] and draw["winner"] == "draw" and draw["ended_by"] == "time"
    assert draw["migis"] == {B: 9, W: 9}
    g.undo()
    s = play(g, [mask(B, 0), mask(W, 1), {"op": "pass"}, mask(B, 0)])[3]  # Wolf wins 1 on 0,1
    assert s["migis"] == {B: 8, W: 10} and s["masks"] == {B: True, W: False}
    s2 = play(g, [{"op": "time_up"}])[0]
    assert s2["over"] and s2["winner"] == W and s2["ended_by"] == "time"
    assert s2["masks"] == {B: False, W: False} and s2["duels"] == 1
    # time can run out while placing, too
    g = duell()
    play(g, BASIC[:4])
    s3 = play(g, [{"op": "time_up"}])[0]
    assert s3["winner"] == "draw" and s3["phase"] == "over"
    return {"draw": draw, "wolf": s2, "placing": s3}


# Memory board: site k holds Bison's k+1 and Wolf's 9-k (1,1: both 5).
MEMORY = order_puts([(k, k + 1) for k in range(9)], [(k, 9 - k) for k in range(9)])


def memory():
    g = duell("memory")
    play(g, MEMORY[:4])
    reasons = [refused(g, put(B, "2,2", 1)), refused(g, put(B, "0,0", 7))]
    assert reasons == ["Bison has placed that stone already", "0,0 already holds a bison stone"]
    play(g, MEMORY[4:])
    full = g.state()
    assert values(full)["1,1"] == [[5], [5]]  # equal values are allowed
    public = g.state("public")
    assert public["sites"]["0,0"] == {B: [None], W: [None]}
    bison_view = g.state(B)
    assert bison_view["sites"]["0,0"] == {B: [1], W: [None]}
    assert g.state(W)["sites"]["0,0"] == {B: [None], W: [9]}
    # duel 1 on 1,1: 5 against 5, a draw; the two values are shown
    s = play(g, [mask(B, 1), mask(W, 1)])[1]
    assert s["duel"] == {"at": "1,1", B: 5, W: 5, "winner": "draw", "paid": 0}
    assert g.state("public")["duel"] == s["duel"] and s["migis"] == {B: 9, W: 9}
    # Bison's blind swap 1,1 <-> 2,2; duel 2 on 0,0: Wolf 9 beats Bison 1
    s = play(g, [swap("1,1", "2,2"), mask(B, 0), mask(W, 0)])[2]
    assert values(s)["1,1"] == [[9], [5]] and values(s)["2,2"] == [[5], [1]]
    assert s["duel"] == {"at": "0,0", B: 1, W: 9, "winner": W, "paid": 8}
    assert s["migis"] == {B: 1, W: 17} and s["active"] == W
    # Wolf's blind swap may make values equal: Wolf 9 to 1,1 meets Bison 9
    s = play(g, [swap("0,0", "1,1")])[0]
    assert values(s)["1,1"] == [[9], [9]] and values(s)["0,0"] == [[1], [5]]
    s = play(g, [mask(W, 1), mask(B, 1)])[1]
    assert s["duel"] == {"at": "1,1", B: 9, W: 9, "winner": "draw", "paid": 0}
    assert not s["over"] and s["active"] == B
    return {"reasons": reasons, "public": public, "bison_view": bison_view, "end": s}


def profi():
    g = duell("profi")
    # The same board as BASIC, but Bison's stones first: in profi either
    # player may place either colour; the turn order stays.
    stones = [put(B, site(k), k + 1) for k in range(9)] + [put(W, site(k), (k + 1) % 9 + 1) for k in range(9)]
    basic = duell()
    play(basic, stones[:1])
    assert refused(basic, stones[1]) == "it is wolf's turn to place"
    play(g, stones[:10])
    reasons = [refused(g, put(W, "0,0", 3)), refused(g, put(W, "0,1", 2)), refused(g, put(W, "0,2", 3))]
    assert reasons == ["0,0 already holds a wolf stone",
                       "Wolf's 2 is already on 0,0", "0,2 holds bison's 3: the two stones on a site must differ"]
    play(g, stones[10:])
    steps = []
    s = play(g, [mask(B, 2), mask(W, 2)])[1]  # 2,2: Bison 9 beats Wolf 1
    assert s["migis"] == {B: 17, W: 1}
    # Bison moves Wolf's 9 from 2,1 onto 2,2: 2,1 has no Wolf stone now
    s = play(g, [{"op": "move", "player": W, "from": "2,1", "to": "2,2"}])[0]
    assert values(s)["2,2"] == [[9], [1, 9]] and values(s)["2,1"] == [[8], []]
    s = play(g, [mask(B, 2), mask(W, 2)])[1]  # 2,2: 9 against 1 + 9
    assert s["duel"] == {"at": "2,2", B: 9, W: 10, "winner": W, "paid": 1}
    steps.append(s)
    # Wolf swaps two Bison stones: 0,0 becomes 2 against 2
    s = play(g, [swap("0,0", "0,1", B), mask(B, 0), mask(W, 0)])[2]
    assert s["duel"] == {"at": "0,0", B: 2, W: 2, "winner": "draw", "paid": 0}
    steps.append(s)
    # Bison moves own 9 onto 0,0; duel 4 on 0,2: Wolf 4 beats Bison 3
    s = play(g, [{"op": "move", "from": "2,2", "to": "0,0"}, mask(B, 0), mask(W, 2)])[2]
    assert values(s)["0,0"] == [[2, 9], [2]] and values(s)["2,2"] == [[], [1, 9]]
    assert s["duel"] == {"at": "0,2", B: 3, W: 4, "winner": W, "paid": 1}
    assert s["migis"] == {B: 15, W: 3} and s["active"] == W
    reasons.append(refused(g, swap("0,0", "1,0", B)))
    reasons.append(refused(g, swap("0,0", "1,0", B, value_a=4)))
    reasons.append(refused(g, {"op": "move", "player": B, "from": "2,2", "to": "1,1"}))
    assert reasons[3:] == ['0,0 holds 2 bison stones: say which with "value_a"',
                           "0,0 has no bison 4", "2,2 holds no bison stone"]
    s = play(g, [swap("0,0", "1,0", B, value_a=9)])[0]
    assert values(s)["0,0"] == [[2, 4], [2]] and values(s)["1,0"] == [[9], [5]]
    # duel 5 on 2,1: Bison 8 against no Wolf stone (0) wins 8; Wolf pays all 3
    s = play(g, [mask(B, 2), mask(W, 1)])[1]
    assert s["duel"] == {"at": "2,1", B: 8, W: 0, "winner": B, "paid": 3}
    assert s["over"] and s["winner"] == B and s["migis"] == {B: 18, W: 0}
    steps.append(s)
    return {"reasons": reasons, "steps": steps}


def undo_to_start():
    """Undo steps back through every event, each undo restoring the state before it."""
    g = duell()
    events = BASIC + [mask(B, 2), mask(W, 2), swap("0,0", "1,1"), mask(B, 1), mask(W, 1),
                      {"op": "pass"}, {"op": "time_up"}]
    states = [g.state()]
    states += play(g, events)
    n = 0
    while g.undo():
        n += 1
        assert rules(g.state()) == rules(states[len(states) - 1 - n])
    assert n == len(events) and rules(g.state()) == rules(states[0])
    return {"undone": n}


# --- random games (seeded; the same under both interpreters) -------------------
def random_event(g, rng):
    """A random event the rules allow now (tried on g, then taken back)."""
    phase = g.state()["phase"]
    if phase == "place":
        p = g.active()
        colours = (0, 1) if g.profi else (p,)
        options = []
        for c in colours:
            for k in range(9):
                for v in g.hand(c):
                    if g.why_not_put(c, k, v) is None:
                        options.append(put(("bison", "wolf")[c], site(k), v))
        return options[rng.below(len(options))]
    if phase == "duel":
        who = [p for p in (B, W) if not g.state()["masks"][p]]
        return mask(who[rng.below(len(who))], rng.below(3))
    options = [{"op": "pass"}]
    colours = (B, W) if g.profi else ((B, W)[g.active()],)
    for c in colours:
        for a in range(9):
            for b in range(9):
                if a < b:
                    options.append(swap(site(a), site(b), c))
                if g.profi and a != b:
                    options.append({"op": "move", "player": c, "from": site(a), "to": site(b)})
    while True:
        e = options[rng.below(len(options))]
        if is_legal(g, e):
            return e


def is_legal(g, e):
    try:
        g.apply(e)
    except Exception:
        return False
    g.undo()
    return True


def check_invariants(g, variant):
    s = g.state()
    assert s["migis"][B] + s["migis"][W] == 18
    if s["over"]:
        assert s["winner"] is not None
    placed = 0
    for name in s["sites"]:
        here = s["sites"][name]
        placed += len(here[B]) + len(here[W])
        if variant != "profi":
            assert len(here[B]) <= 1 and len(here[W]) <= 1
        if variant == "" and here[B] and here[W]:
            assert here[B][0] != here[W][0], "equal values on " + name
    assert placed + len(s["hand"][B]) + len(s["hand"][W]) == 18
    if s["phase"] != "place" and variant != "profi":
        assert placed == 18
    if s["phase"] == "place" and variant != "memory":
        assert g.completable()


def random_game(seed, variant, max_events=60):
    rng = Rng(seed)
    g = duell(variant) if variant else duell()
    start = g.state()
    events = []
    while not g.over() and len(events) < max_events:
        e = random_event(g, rng)
        g.apply(e)
        events.append(e)
        check_invariants(g, variant)
    end = g.state()
    # replaying the log gives the same state; undo goes back to the start
    again = duell(variant) if variant else duell()
    play(again, events)
    assert again.state() == end
    while g.undo():
        pass
    assert rules(g.state()) == rules(start)
    return {"events": len(events), "migis": end["migis"], "duels": end["duels"], "winner": end["winner"]}


def random_games():
    out = {}
    for variant in ("", "memory", "profi"):
        out[variant or "basic"] = [random_game(seed, variant) for seed in (1, 2)]
    return out


def run_all():
    return {"placing": placing(), "dead_end": dead_end(), "duels": duels(), "time_up": time_up(),
            "memory": memory(), "profi": profi(), "undo": undo_to_start(), "random": random_games()}
