"""Progress of long work, on stderr: a line at most every `every` seconds, only
once the work has taken that long (a short replay says nothing).
COMPANION_PROGRESS_EVERY=SECONDS changes the default (0: every step, for tests)."""

import os
import sys
import time


class Progress:
    def __init__(self, what, total, every=None, out=None, clock=time.monotonic):
        self.what = what
        self.total = total
        if every is None:
            try:
                every = float(os.environ.get("COMPANION_PROGRESS_EVERY", "2"))
            except ValueError:
                every = 2.0
        self.every = every
        self.out = out or sys.stderr
        self.clock = clock
        self.next = clock() + every
        self.said = False

    def step(self, done):
        """`done` of `total` are done: say so if it is time."""
        now = self.clock()
        if now >= self.next:
            self.next = now + self.every
            self.said = True
            print("%s: %d of %d (%d%%)" % (self.what, done, self.total, 100 * done // max(1, self.total)),
                  file=self.out, flush=True)

    def done(self):
        if self.said:
            print("%s: %d of %d, done" % (self.what, self.total, self.total), file=self.out, flush=True)
