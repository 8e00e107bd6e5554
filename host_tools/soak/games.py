# Runs under native MicroPython (host_tools/soak/command.py starts it): many remote
# games at once in one process, each side a headless board (the rules core, the
# shared log of companion/remote.py and the real link, companion/link.py, with
# micropython-lib's umqtt.simple) connected to one Mosquitto. Prints one JSON line.
import json
import sys
import time

from companion.remote import protocol as remote
from companion.core.games import new_game
from companion.remote.link import Link


class Side:
    """One board without buttons or LEDs: it is its own app and seat for the link."""

    pending = ()
    sure = True  # (no other board has its seat)

    def __init__(self, code, seat, creds, header, layout, port):
        self.remote = self
        self.seat = seat
        self.game = new_game(json.loads(header), layout)
        self.sync = remote.Sync(code, seat, [header], self)
        self.link = Link(self, {"broker": "127.0.0.1", "port": port, "user": creds[0], "password": creds[1],
                                "keepalive": 60})
        self.applied = {}  # index -> when (us); an index applied twice counts as doubled
        self.doubled = 0
        self.refused = 0

    def online(self, linked, now=0):
        if linked:
            self.sync.hello()
        return 0

    def steady(self, now):
        pass

    def receive(self, payload, topic=None):
        self.sync.receive(payload, topic)

    def apply(self, line):
        i = self.sync.n
        try:
            self.game.apply(json.loads(line))
        except Exception as e:
            self.refused += 1
            return str(e)
        if i in self.applied:
            self.doubled += 1
        self.applied[i] = time.ticks_us()
        return None

    def cut(self, n):
        pass

    def note(self, text):
        pass


def main(path):
    with open(path) as f:
        cfg = json.load(f)
    with open(cfg["layout"]) as f:
        layout = json.load(f)
    script = cfg["script"]  # the rules events, each with its "by"
    end = len(script) + 1
    sides = []
    for g in cfg["games"]:
        code = g["code"]
        header = json.dumps(dict(cfg["header"], remote=code))
        pair = [Side(code, seat, g[seat], header, layout, cfg["port"]) for seat in ("white", "black")]
        sides.append(pair)
    sent = {}  # (game, index) -> when the author logged it (us)
    start = time.ticks_ms()
    limit = cfg.get("seconds", 120) * 1000
    loops = 0
    while time.ticks_diff(time.ticks_ms(), start) < limit:
        loops += 1
        busy = False
        for k in range(len(sides)):
            for side in sides[k]:
                side.link.step(time.ticks_ms())
                n = side.sync.n
                if n < end:
                    busy = True
                    ev = script[n - 1]
                    if ev["by"] == side.seat and side.link.client is not None:
                        line = json.dumps(ev)
                        side.game.apply(ev)
                        side.applied[n] = time.ticks_us()
                        sent[(k, n)] = time.ticks_us()
                        side.sync.local(line)
        if not busy:
            break
        time.sleep_ms(1)
    lat = []
    same = lost = doubled = refused = drops = 0
    for k in range(len(sides)):
        w, b = sides[k]
        if w.sync.lines == b.sync.lines and w.sync.n == end:
            same += 1
        lost += 2 * end - w.sync.n - b.sync.n
        doubled += w.doubled + b.doubled
        refused += w.refused + b.refused
        drops += w.link.drops + b.link.drops
        for i in range(1, end):
            author, other = (w, b) if script[i - 1]["by"] == "white" else (b, w)
            if (k, i) in sent and i in other.applied:
                lat.append(time.ticks_diff(other.applied[i], sent[(k, i)]))
    lat.sort()
    pick = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] / 1000 if lat else -1
    print(json.dumps({"games": len(sides), "events": len(sides) * (end - 1), "identical": same, "lost": lost,
                      "doubled": doubled, "refused": refused, "p50_ms": pick(0.5), "p99_ms": pick(0.99),
                      "seconds": time.ticks_diff(time.ticks_ms(), start) / 1000, "loops": loops, "drops": drops}))


if __name__ == "__main__":  # run as a script by the native port (not when CPython imports it)
    main(sys.argv[1])
