"""An island board (islands joined by connections), built from a layout dict.

The graph lives in compact arrays indexed by number; names are looked up
only when events arrive from a log or are written out.
"""

from . import Illegal, LayoutError


def connection_name(a, b):
    """A connection is named by its two islands in alphabetical order."""
    if b < a:
        a, b = b, a
    return a + "-" + b


class IslandBoard:
    def __init__(self, layout):
        islands = layout.get("islands")
        conns = layout.get("connections")
        if not islands or not conns:
            raise LayoutError("the layout needs a list of 'islands' and of 'connections'")
        self.island_names = tuple(i["name"] for i in islands)
        self._island_index = {}
        for k in range(len(self.island_names)):
            self._island_index[self.island_names[k]] = k
        n = len(conns)
        self.conn_a = bytearray(n)
        self.conn_b = bytearray(n)
        names = []
        self._conn_index = {}
        links = [[] for _ in islands]
        for k in range(n):
            a = self._lookup_island(conns[k].get("a"), k)
            b = self._lookup_island(conns[k].get("b"), k)
            name = connection_name(self.island_names[a], self.island_names[b])
            if a == b or name in self._conn_index:
                raise LayoutError("connection %d (%s) is a self-loop or a duplicate" % (k, name))
            self.conn_a[k] = a
            self.conn_b[k] = b
            self._conn_index[name] = k
            names.append(name)
            links[a].append(k)
            links[b].append(k)
        self.conn_names = tuple(names)
        self.island_conns = tuple(tuple(l) for l in links)
        self.degree = bytearray(len(l) for l in links)

    def _lookup_island(self, name, k):
        i = self._island_index.get(name)
        if i is None:
            raise LayoutError("connection %d names unknown island %r" % (k, name))
        return i

    def conn(self, name):
        """Index of a connection named 'A-B' (either order); Illegal if unknown."""
        if isinstance(name, str):
            k = self._conn_index.get(name)  # logs name it in order: no allocation
            if k is not None:
                return k
            parts = name.split("-")
            if len(parts) == 2:
                k = self._conn_index.get(connection_name(parts[0], parts[1]))
                if k is not None:
                    return k
        raise Illegal("unknown connection %r: name it by two joined islands, e.g. %s"
                      % (name, self.conn_names[0]))

    def island(self, name):
        i = self._island_index.get(name)
        if i is None:
            raise Illegal("unknown island %r" % (name,))
        return i

    def other_end(self, conn, island):
        a = self.conn_a[conn]
        return self.conn_b[conn] if a == island else a
