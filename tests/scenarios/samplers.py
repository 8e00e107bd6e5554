"""Test-only samplers (companion.hal.buttons' sampler interface), for both interpreters.

BackgroundSampler models the RP2040's PIO + DMA: contacts happen at their
own time whatever Python is doing, and are reported with that time.
ScriptScanner gives the same script to buttons.PolledSampler, which sees
only what is there when the loop looks.
"""


class BackgroundSampler:
    """A sampler that keeps running while Python is busy, as the RP2040's PIO
    + DMA does: contacts scripted as (t_ms, code, level), in time order, are
    reported with their own time, however late the loop asks (tests)."""

    def __init__(self, n, script):
        self.n = n
        self.script = script  # the caller may add to it later
        self.next = 0

    def add(self, t, code, level):
        self.script.append((t, code, level))

    def collect(self, sink, now):
        s = self.script
        while self.next < len(s) and s[self.next][0] <= now:
            t, code, level = s[self.next]
            sink.edge(code, level, t)
            self.next += 1
        return now


class ScriptScanner:
    """The same script as a level scanner for buttons.PolledSampler: read()
    gives each contact's level at clock() (tests)."""

    def __init__(self, n, script, clock):
        self.n = n
        self.script = script
        self.clock = clock
        self.next = 0
        self.state = bytearray(n)

    def read(self, out):
        s = self.script
        now = self.clock()
        while self.next < len(s) and s[self.next][0] <= now:
            self.state[s[self.next][1]] = s[self.next][2]
            self.next += 1
        out[:] = self.state
