"""The checks of each layout kind (layout_check.py runs the generic ones):
islands (names, the graph), hex cells (Rukuni's towers too) and duel sites
(keys, stone pockets, masks). A module of its own so that a board that
checks its files at boot compiles (or loads) the checker a part at a time."""

from .common import HINTS, entry_name, is_int, show

RUKUNI_TOWERS = 6
MAX_ISLAND_NAME = 4  # a connection's name, A-B, goes after a word on a 16-column line: "Hint +ALOA-BARI"
MAX_HEX = 100  # |q|, |r| of a hex cell


def _check_islands(layout, out):
    islands = layout.get("islands")
    conns = layout.get("connections")
    if not isinstance(islands, list) or not isinstance(conns, list):
        return
    index = {}
    names = []
    prefixes = {}
    cards = layout.get("game") == "kahuna"  # (its digital deck)
    for e in islands:
        name = e.get("name") if isinstance(e, dict) else None
        if not isinstance(name, str) or not name:
            continue
        if name in index:
            out.append(("island " + name, "the name is used twice", HINTS["name"]))
            continue
        if "-" in name:
            out.append(("island " + name, "the name contains '-'", "connections are named A-B: drop the '-'"))
        if len(name) > MAX_ISLAND_NAME:
            out.append(("island " + (name if len(name) <= 12 else name[:9] + "..."), "the name has %d characters; the display shows at most %d"
                        % (len(name), MAX_ISLAND_NAME), "shorten it: the 16-column display shows a connection, "
                        "A-B, after a word on one line (\"Off ALOA-BARI\", \"Hint +ALOA-BARI\")"))
        elif cards and name[:3] in prefixes:
            out.append(("island " + name, "begins with the same 3 letters as island " + prefixes[name[:3]],
                        "make them differ: the display shows a hand of the digital deck's cards by the islands' "
                        "first 3 letters"))
        prefixes[name[:3]] = name
        index[name] = len(names)
        names.append(name)
    links = [[] for _ in names]
    pairs = {}
    for k in range(len(conns)):
        c = conns[k]
        if not isinstance(c, dict) or "a" not in c or "b" not in c:
            continue
        entry = entry_name("connections", "connection", k, c)
        a, b = c["a"], c["b"]
        unknown = [n for n in (a, b) if not isinstance(n, str) or n not in index]
        for n in unknown:
            out.append((entry, "names island %r, which is not in \"islands\"" % (n,),
                        "add island %s to \"islands\" or correct the name" % (n,)))
        if unknown:
            continue
        if a == b:
            out.append((entry, "joins %s to itself" % a, "a connection joins two different islands"))
            continue
        pair = (a, b) if a < b else (b, a)
        if pair in pairs:
            out.append((entry, "duplicates connections[%d] (%s-%s)" % (pairs[pair], pair[0], pair[1]),
                        "remove one of the two"))
            continue
        pairs[pair] = k
        links[index[a]].append(index[b])
        links[index[b]].append(index[a])
    if names:
        _check_connected(names, links, out)


def _check_connected(names, links, out):
    """Every island reachable from the first; one problem per cut-off part."""
    part = [-1] * len(names)
    for start in range(len(names)):
        if part[start] >= 0:
            continue
        part[start] = start
        todo = [start]
        members = [names[start]]
        while todo:
            i = todo[-1]
            del todo[-1]
            for j in links[i]:
                if part[j] < 0:
                    part[j] = start
                    todo.append(j)
                    members.append(names[j])
        if start == 0:
            continue
        if len(members) == 1:
            out.append(("island " + names[start], "no connection reaches it",
                        "add a connection between %s and a neighbouring island" % names[start]))
        else:
            out.append(("island " + names[start], "its part of the board (%s) is cut off from %s" % (
                ", ".join(sorted(members)), names[0]), "add a connection joining the two parts"))


def _check_hex(layout, out):
    """Cells: "name" is "q,r"; each (q, r) once; all cells form one region."""
    seen = {}
    cells = layout.get("cells")
    for i in range(len(cells) if isinstance(cells, list) else 0):
        e = cells[i]
        if not isinstance(e, dict) or not is_int(e.get("q")) or not is_int(e.get("r")):
            continue
        q, r = e["q"], e["r"]
        entry = entry_name("cells", "cell", i, e)
        if not (-MAX_HEX <= q <= MAX_HEX and -MAX_HEX <= r <= MAX_HEX):
            out.append((entry, "q=%s, r=%s is far off any board" % (show(q), show(r)),
                        "q and r are -%d..%d" % (MAX_HEX, MAX_HEX)))
            continue
        if e.get("name") != "%d,%d" % (q, r):
            out.append((entry, "its name does not match q=%d, r=%d" % (q, r), "name it \"%d,%d\"" % (q, r)))
        if (q, r) in seen:
            out.append((entry, "q=%d, r=%d is also %s" % (q, r, seen[(q, r)]), "each cell has its own q, r"))
        else:
            seen[(q, r)] = entry
    if layout.get("game") == "rukuni":
        _check_towers(layout, seen, out)
    cells = sorted(seen)
    if not cells:
        return
    reached = {cells[0]: True}
    todo = [cells[0]]
    while todo:
        q, r = todo[-1]
        del todo[-1]
        for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            n = (q + dq, r + dr)
            if n in seen and n not in reached:
                reached[n] = True
                todo.append(n)
    for c in cells:
        if c not in reached:
            out.append((seen[c], "has no neighbour path to cell %d,%d" % cells[0],
                        "hex cells must form one connected board"))


def _check_towers(layout, seen, out):
    """Rukuni's towers start on six cells of the board, each on its own."""
    towers = layout.get("towers")
    names = {}
    for q, r in seen:
        names["%d,%d" % (q, r)] = True
    hint = "list the %d cells where the towers start, e.g. \"towers\": [\"0,-4\", ...]" % RUKUNI_TOWERS
    if not isinstance(towers, list) or len(towers) != RUKUNI_TOWERS:
        out.append(("towers", ("lists %d cells, not %d" % (len(towers), RUKUNI_TOWERS)) if isinstance(towers, list)
                    else "%s is not a list of %d cells" % (show(towers), RUKUNI_TOWERS), hint))
        return
    for i in range(len(towers)):
        t = towers[i]
        if not isinstance(t, str) or t not in names:
            out.append(("towers", "%s is not a cell of the board" % show(t), hint))
        elif t in towers[:i]:
            out.append(("towers", "%s is named twice" % t, "each tower starts on a cell of its own"))


DUEL_PLAYERS = ("bison", "wolf")


def _check_duel(layout, out):
    """Nine sites named "row,column" (0..2 each), each a keypad key 1..9 of its
    own; a stone pocket per site and player; three masks (choice 0..2) per
    player. The game reads all of it: without, it could not start or play."""
    names = ["%d,%d" % (k // 3, k % 3) for k in range(9)]
    sites = layout.get("sites")
    found = {}
    keys = {}
    for i in range(len(sites) if isinstance(sites, list) else 0):
        e = sites[i]
        if not isinstance(e, dict):
            continue
        entry = entry_name("sites", "site", i, e)
        name = e.get("name")
        if name not in names:
            out.append((entry, "a site is named \"row,column\", 0..2 each", "name it e.g. \"1,2\""))
        elif name in found:
            out.append((entry, "is named as %s too" % found[name], "name each of the nine sites once"))
        else:
            found[name] = entry
        key = e.get("key")
        if not is_int(key) or not 1 <= key <= 9:
            out.append((entry, _is("key", key) + (", not a keypad key 1..9" if key is not None else ""),
                        "give the value it stands for while a stone's value is asked for: \"key\": 1..9"))
        elif key in keys:
            out.append((entry, "key %d is also %s's" % (key, keys[key]), "give each site its own key 1..9"))
        else:
            keys[key] = entry
    missing = [n for n in names if n not in found]
    if missing and isinstance(sites, list):
        out.append(("sites", "no site " + ", ".join(missing), "a duel board has the nine sites 0,0 to 2,2"))
    _check_pairs(layout, out, "stones", "stone", "site", names, "led", "each site has a pocket for each player's stone")
    _check_pairs(layout, out, "masks", "mask", "choice", (0, 1, 2), "button", "each player has the masks 0, 1 and 2")


def _is(key, value):
    return "has no \"%s\"" % key if value is None else "\"%s\" is %s" % (key, show(value))


def _check_pairs(layout, out, key, word, what, values, need, hint):
    """Each entry of layout[key] a player's and one of `values` (as `what`), each pair once; each has `need`."""
    group = layout.get(key)
    if not isinstance(group, list):
        out.append((key, "missing (a list)", hint))
        return
    seen = {}
    for i in range(len(group)):
        e = group[i]
        if not isinstance(e, dict):
            continue
        entry = entry_name(key, word, i, e)
        if need not in e:
            out.append((entry, "has no \"%s\"" % need, HINTS[need]))
        player, value = e.get("player"), e.get(what)
        if player not in DUEL_PLAYERS:
            out.append((entry, _is("player", player), "\"bison\" or \"wolf\""))
        elif value not in values or isinstance(value, bool):
            out.append((entry, _is(what, value), "one of " + ", ".join(str(v) for v in values)))
        elif (player, value) in seen:
            out.append((entry, "the same as %s" % seen[(player, value)], hint))
        else:
            seen[(player, value)] = entry
    for player in DUEL_PLAYERS:
        lacking = [str(v) for v in values if (player, v) not in seen]
        if lacking:
            out.append((key, "%s has no %s for %s %s" % (player, word, what, ", ".join(lacking)), hint))


KIND_CHECKS = {"islands": _check_islands, "hex": _check_hex, "duel": _check_duel}
