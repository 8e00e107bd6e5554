"""One dialect, one reader (issue 25): the board (booting a saved log) and
`companion replay` reach the same verdict on a UTF-8 BOM, CRLF line ends, a
missing final newline, a header-only log, files that are not logs (the
layout and profile files, as they are and on one line), a header whose
layout is not its game's, and mutated logs of all four games (docs/rules.md,
"What a valid line is")."""

import json
import random
from pathlib import Path

import pytest

from companion.core.log import replay as core_replay, split
from host_tools.cli import main
from host_tools.micropython import run_native
from tests import board_verdicts
from tests.log_verdicts import load_layout, pack
from tests.test_log_dialect import BASES, mutate

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("kahuna", "kanaloa", "rukuni", "duell")
NATIVE_COUNT = 200


def special_cases():
    """(name, bytes) of the cases the issue lists."""
    kahuna = BASES[[b.startswith(b'{"game": "kahuna"') for b in BASES].index(True)]
    out = [("BOM", b"\xef\xbb\xbf" + kahuna), ("CRLF", kahuna.replace(b"\n", b"\r\n")),
           ("no final newline", kahuna[:-1]), ("BOM, CRLF, no final newline",
                                               b"\xef\xbb\xbf" + kahuna.replace(b"\n", b"\r\n")[:-2]),
           ("header only", kahuna.split(b"\n")[0] + b"\n"), ("header only, no newline", kahuna.split(b"\n")[0]),
           ("empty", b""), ("blank lines", b"\n\r\n  \n")]
    for f in sorted((ROOT / "board_layouts").rglob("*.json")) + [ROOT / "tests/layouts/kahuna_broken.json"]:
        out.append((f.name, f.read_bytes()))
        out.append((f.name + " on one line", json.dumps(json.loads(f.read_bytes())).encode() + b"\n"))
    for g in GAMES:
        for other in GAMES:
            if g != other:
                out.append(("%s header, %s layout" % (g, other),
                            b'{"game": "%s", "layout": "%s"}\n' % (g.encode(), other.encode())))
    return out


def board_of(data):
    """The board a log is put on: its header's game (else Kahuna)."""
    for g in GAMES:
        if data.lstrip(b"\xef\xbb\xbf").startswith(b'{"game": "%s"' % g.encode()):
            return g
    return "kahuna"


def replay_verdict(tmp_path, data, capsys):
    path = tmp_path / "log.jsonl"
    path.write_bytes(data)
    rc = main(["replay", str(path)])
    out, err = capsys.readouterr()
    if rc == 0:
        return ["ok", json.loads(out)]
    assert rc == 2
    err = err.strip().splitlines()[-1]  # after a note on a missing final newline
    if ": line " not in err:  # the file as a whole is refused (empty, binary): nothing of it resumes
        return ["bad", 1, None]
    n = int(err.split(": line ", 1)[1].split(":")[0])
    lines = split(data)[0][:n - 1]
    try:
        return ["bad", n, core_replay(lines, load_layout).state()]
    except Exception:  # noqa: BLE001 - no header in the prefix: a new game
        return ["bad", n, None]


def normal(v):
    return json.loads(json.dumps(v, sort_keys=True))


def cases(count):
    rng = random.Random(25)
    return special_cases() + [("mutated %d" % i, mutate(rng, BASES[i % len(BASES)], BASES)) for i in range(count)]


def test_board_and_replay_agree_under_cpython(tmp_path, capsys, figures):
    all_cases = cases(300)
    differ = []
    for name, data in all_cases:
        want = normal(replay_verdict(tmp_path, data, capsys))
        got = normal(board_verdicts.board_verdict(data, board_of(data), str(tmp_path / "games")))
        capsys.readouterr()
        if got != want:
            differ.append((name, data[:80], want, got))
    figures("board vs replay: same verdict (CPython)", "%d/%d" % (len(all_cases) - len(differ), len(all_cases)),
            "all")
    assert not differ, differ[:3]


@pytest.mark.native
def test_the_board_under_native_micropython_gives_the_same_verdicts(tmp_path, figures):
    """The board's verdicts under native MicroPython (the heap of docs/bench.md's smallest board is
    not the point here: test_untrusted_saves and the power-cut tests boot at fixed heaps)."""
    all_cases = cases(NATIVE_COUNT)
    batch = tmp_path / "cases.bin"
    batch.write_bytes(pack([d for _, d in all_cases]))
    out = run_native("import board_verdicts\nboard_verdicts.print_verdicts(%r, %r, %r)"
                     % (str(batch), [board_of(d) for _, d in all_cases], str(tmp_path / "games")), heapsize="2M")
    got = [normal(json.loads(l)) for l in out.splitlines() if l.startswith("[")]
    assert len(got) == len(all_cases)
    want = [normal(board_verdicts.board_verdict(d, board_of(d), str(tmp_path / "cpython"))) for _, d in all_cases]
    differ = [(all_cases[i][0], want[i], got[i]) for i in range(len(got)) if got[i] != want[i]]
    figures("board verdicts: native MicroPython == CPython", "%d/%d" % (len(got) - len(differ), len(got)), "all")
    assert not differ, differ[:3]
    assert not [v for v in got if v[0] == "crash"]
