"""A tiny deterministic generator, identical under CPython and MicroPython.

Seeded draws (start player, hidden god stones) must replay exactly from the
log, so they cannot depend on either interpreter's `random` module.
"""


class Rng:
    def __init__(self, seed):
        self.state = (seed & 0xFFFFFFFF) or 0x9E3779B9

    def next(self):
        # xorshift32
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n):
        return self.next() % n
