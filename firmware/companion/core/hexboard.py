"""A hexagonal board of cells named by axial coordinates "q,r", from a layout dict.

Cells are numbered in the layout's order. The neighbour table is one
bytearray: `step[cell * 6 + d]` is the next cell in direction d, or NONE off
the board, so walking a straight line costs one lookup per cell.
"""

from . import Illegal, LayoutError, const

NONE = const(255)
# The six axial directions (dq, dr), in turn around a cell.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def cell_name(q, r):
    return "%d,%d" % (q, r)


class HexBoard:
    def __init__(self, layout):
        if layout.get("kind") != "hex":
            raise LayoutError("a hex game needs a layout with \"kind\": \"hex\", not %r"
                              % (layout.get("kind"),))
        cells = layout.get("cells")
        if not cells or len(cells) >= NONE:
            raise LayoutError("the layout needs a list of 'cells' (1..254 of them)")
        n = len(cells)
        self.names = tuple(c.get("name") for c in cells)
        self._index = {}
        where = {}
        for k in range(n):
            q = cells[k].get("q")
            r = cells[k].get("r")
            if not isinstance(q, int) or not isinstance(r, int):
                raise LayoutError("cell %d (%r) needs integer axial coordinates q and r" % (k, self.names[k]))
            if self.names[k] != cell_name(q, r):
                raise LayoutError("cell %d is named %r but sits at q=%d, r=%d: name it %r"
                                  % (k, self.names[k], q, r, cell_name(q, r)))
            if (q, r) in where:
                raise LayoutError("cell %d (%s) is listed twice" % (k, self.names[k]))
            where[(q, r)] = k
            self._index[self.names[k]] = k
        self.step = bytearray(n * 6)
        around = []
        for k in range(n):
            q = cells[k]["q"]
            r = cells[k]["r"]
            near = []
            for d in range(6):
                j = where.get((q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]), NONE)
                self.step[k * 6 + d] = j
                if j != NONE:
                    near.append(j)
            around.append(bytes(near))
        # The cells next to each cell, without the gaps: for flood fills.
        self.around = tuple(around)
        self.size = n
        # The cells where pieces start (Rukuni's towers), by name.
        self.towers = tuple(layout.get("towers") or ())
        for name in self.towers:
            if name not in self._index:
                raise LayoutError("tower %r is not a cell of the layout" % (name,))
        self.q = tuple(c["q"] for c in cells)
        self.r = tuple(c["r"] for c in cells)

    def cell(self, name):
        """Index of a cell named "q,r"; Illegal if the board has no such cell."""
        k = self._index.get(name)
        if k is None:
            raise Illegal("unknown cell %r: name a cell by its axial coordinates, e.g. \"0,0\"" % (name,))
        return k

    def direction(self, a, b):
        """The direction (0..5) of the straight line from cell a to cell b, or -1."""
        dq = self.q[b] - self.q[a]
        dr = self.r[b] - self.r[a]
        if dr == 0 and dq:
            return 0 if dq > 0 else 3
        if dq == 0 and dr:
            return 5 if dr > 0 else 2
        if dq == -dr and dq:
            return 1 if dq > 0 else 4
        return -1
