"""Who holds this board's seat: the link's state in one object (docs/remote.md, "One seat, one board").

The broker keeps one connection per seat (its client id is the seat's user
name): a second board or page with this seat's settings takes the
connection, the broker publishes the first one's last will, and the first
takes the connection back a moment later. Only positive evidence decides
who gives way, never a count of cuts (a broker restart or an outage cuts
too):

- A board is "sure" of its seat once a link of its stayed up TAKEN_MS; only
  then does it say hello, deal or move. A short cut afterwards costs it
  nothing: it connects again at once and plays on.
- A sure board's hello and last will carry its id: a random word of this
  board and the number of its links ("3f0a91c2.7"). A board subscribes to its
  own seat's state: an id not its own that changes (another board with this
  seat came back between two looks) proves that another board holds the seat
  and is alive. The board that sees it gives way: it says so, lets go of the
  connection (a clean goodbye: no last will), and tries again every HOLD_MS;
  a link of its that stays up TAKEN_MS (the other is gone) makes it sure
  again. A newcomer sees the holder's id change each time it takes the
  connection (the holder's will, then its hello); the holder never sees an
  id from the newcomer, which is never sure.
- A sure board that sees anything else on its own state (a newcomer's last
  will saying "offline") says again that it is online.
- Two boards that are both unsure (both came at once) cut each other with
  no evidence either way: the waits after such cuts grow, with a random
  part, to more than TAKEN_MS (6 to 9 s, under the keepalive), so one link
  stays up TAKEN_MS; that board is sure, and the other then sees its id.
"""

from ..hal.buttons import age

TAKEN_MS = 5000  # a link up this long with no sign of another holder: the seat is this board's
HOLD_MS = 10000  # a board that gave way tries again this often (the link's keepalive)
SHORT_MS = (250, 500, 1000, 2000, 4000)  # least waits after links cut short while unsure; then past TAKEN_MS


class GaveWay(OSError):
    """Another live board holds this seat: the link lets go (link.py says goodbye first)."""


class Presence:
    """The link's state: linked or not, since when, sure of the seat or not, given way."""

    def __init__(self, sync, sure, word):
        """sync: the shared log (protocol.Sync): its id and outbox follow the state here.
        sure: no other board can hold the seat (no broker's link: a test's wire).
        word: a random number of this board (the App's seed(): os.urandom on a board, the
        browser's crypto on the page): its id, and the waits' random part."""
        self.sync = sync
        self.sure = sure
        self.word = word & 0x7FFFFFFF
        self.mark = "%08x." % self.word
        self.links = 0
        self.linked = True  # (no "no broker" before the first try)
        self.up_at = None  # when the link last came up (ms), while it is up
        self.taken = False  # another live board holds this seat
        self.seen = None  # the other holder's id last seen on this seat's state
        self.short = 0  # links in a row cut short while unsure
        self._name()

    def _name(self):
        """The id of this board's next link, while it is sure (None: its hello and will carry none)."""
        self.links += 1
        self.sync.id = self.mark + str(self.links) if self.sure else None

    def hold_s(self):
        return HOLD_MS // 1000

    def _random(self, n):
        self.word = (self.word * 1103515245 + 12345) & 0x7FFFFFFF
        return self.word % n

    def up(self, now):
        """The link came up at now (ms)."""
        self.up_at = now
        self.linked = True
        if self.sure:
            self.short = 0
            self.sync.hello()

    def down(self, now):
        """The link went down at now (ms): the least wait before the next try (ms)."""
        if self.up_at is not None and not self.sure and age(now, self.up_at) < TAKEN_MS:
            self.short += 1
        self.up_at = None
        self.linked = False
        self._name()
        if not self.sure:
            self.sync.outbox_clear()  # (nothing goes out until hello, which says it all again)
        if self.taken:
            return HOLD_MS
        if self.short:  # (the last wait is longer than TAKEN_MS: the other's link then stays up)
            waits = SHORT_MS + (TAKEN_MS + 1000,)
            wait = waits[min(self.short, len(waits)) - 1]
            return wait + self._random(wait // 2)
        return 0

    def steady(self, now):
        """While the link is up: True once it has been up TAKEN_MS and the seat is this board's now."""
        if self.sure or self.up_at is None or age(now, self.up_at) < TAKEN_MS:
            return False
        self.sure = True
        self.short = 0
        if self.taken:
            self.taken = False
            print("remote: the link stays up: the seat is this board's again")
        self._name()
        self.sync.outbox_clear()  # what piled up unsure: hello says it all again
        self.sync.hello()
        return True

    def heard(self, msg):
        """A state message on this board's own seat (another board's, or its own echo).
        Raises GaveWay when it proves another live board holds the seat."""
        ident = msg.get("id")
        mine = isinstance(ident, str) and ident.startswith(self.mark)
        if isinstance(ident, str) and not mine:
            if self.seen is not None and ident != self.seen:
                self.seen = ident
                self.give_way()
            if self.seen is None:
                self.short = 0  # a sure board was here: the next look, soon, tells whether it lives
            self.seen = ident
        if self.sure and not (mine and msg.get("on") == 1):
            self.sync.state()  # another's word (a newcomer's last will: "offline"): we are here

    def give_way(self):
        self.sure = False
        self.short = 0
        if not self.taken:
            self.taken = True
            print("remote: another board or page holds this seat and is online: this one gives way "
                  "(a try every %d s)" % self.hold_s())
        self.sync.id = None
        self.sync.outbox_clear()
        raise GaveWay("another board holds this seat")
