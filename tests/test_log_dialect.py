"""One log dialect: the board (MicroPython) and `companion replay` (CPython)
accept and refuse exactly the same lines, with the same line number and reason."""

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.log import LogError, dump, parse_line
from host_tools.micropython import run_native

from . import log_verdicts  # noqa: E402

LOGS = Path(__file__).parent / "logs"
BASES = [p.read_bytes() for p in sorted(LOGS.glob("*.jsonl"))]  # all four games
COUNT = 10000
ALPHABET = b'{}[]:," \\0123456789-.eE+tfnulrxABZaz\r\t\x00\x7f\x80\xa9\xc3\xff'
TOKENS = [b'"x"', b", ", b": ", b"{", b"}", b"[", b"]", b"null", b"true", b"1e5", b"NaN", b"Infinity",
          b"\\u00e9", b"\\ud800", b"\\u0041", b"\xc3\xa9", b"\n", b"\r\n", b"  ", b'"op": "undo", ',
          b"99999999999", b"4294967296", b"-0", b"01", b"1.5", b'{"op"::"end_turn"}', b'"at": 300, ',
          b'"ALOA-BARI"', b'["x"]', b'{"a": 1}', b"300", b"-1"]


def mutate(rng, data, others):
    lines = data.split(b"\n")[:-1]
    lines = lines[:rng.randint(1, min(len(lines), 40))]  # a prefix: the fuzz stays fast
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(lines))
        line = lines[k]
        i = rng.randint(0, len(line))
        kind = rng.randrange(8)
        if kind == 0:
            line = line[:i] + ALPHABET[rng.randrange(len(ALPHABET)):][:1] + line[i + 1:]
        elif kind == 1:
            line = line[:i] + line[i + rng.randint(1, 6):]
        elif kind == 2:
            line = line[:i] + rng.choice(TOKENS) + line[i:]
        elif kind == 3:  # a value of another type or name
            parts = line.split(b": ")
            if len(parts) > 1:
                j = rng.randrange(1, len(parts))
                tail = parts[j].split(b",", 1)
                parts[j] = rng.choice(TOKENS) + (b"," + tail[1] if len(tail) > 1 else b"}")
                line = b": ".join(parts)
        elif kind == 4:
            lines.insert(k, line)
        elif kind == 5 and len(lines) > 1:
            del lines[k]
            continue
        elif kind == 6:
            lines.insert(k, rng.choice(rng.choice(others).split(b"\n")[:-1]))
        else:
            line = line[:i]
        lines[k] = line
    return b"\n".join(lines) + b"\n"


def mutated_logs(count, seed=2026):
    rng = random.Random(seed)
    out = []
    for n in range(count):
        base = BASES[n % len(BASES)]
        out.append(mutate(rng, base, BASES))
    return out


def normal(v):
    return json.loads(json.dumps(v, sort_keys=True))


@pytest.mark.native
def test_same_verdict_on_10000_mutated_logs_under_cpython_and_native_micropython(tmp_path, figures):
    datas = mutated_logs(COUNT)
    batch = tmp_path / "logs.bin"
    batch.write_bytes(log_verdicts.pack(datas))
    want = [normal(log_verdicts.verdict(d)) for d in datas]
    out = run_native("import log_verdicts\nlog_verdicts.print_verdicts(%r)" % str(batch), heapsize="4M")
    got = [normal(json.loads(line)) for line in out.splitlines()]
    assert len(got) == COUNT
    differ = [(datas[i], want[i], got[i]) for i in range(COUNT) if want[i] != got[i]]
    figures("log dialect: same verdict, CPython vs native MicroPython", "%d/%d" % (COUNT - len(differ), COUNT),
            "all")
    assert not differ, differ[:3]
    kinds = [v[0] for v in want]
    assert "crash" not in kinds
    # the fuzz reaches both verdicts, and bad lines all over the logs
    assert kinds.count("ok") > COUNT // 40 and kinds.count("bad") > COUNT // 2
    assert len({v[1] for v in want if v[0] == "bad"}) > 20


def test_companion_replay_gives_the_boards_verdict(tmp_path, capsys):
    """The CLI reads a file as the board does (bytes, split at \\n) and names the same line and reason."""
    from host_tools.replay import command as replay_cmd

    class Args:
        trace = False
        svg = None
        output = None
        at = None
        view = None

    for n, data in enumerate(mutated_logs(60, seed=7)):
        path = tmp_path / ("m%d.jsonl" % n)
        path.write_bytes(data)
        args = Args()
        args.log = str(path)
        code = replay_cmd.run(args)
        out, err = capsys.readouterr()
        v = log_verdicts.verdict(data)
        if v[0] == "ok":
            assert code == 0 and json.loads(out) == v[1]
        elif "layout" not in v[2]:  # a board knows its own layout only: that message differs by design
            assert code == 2 and err == "%s: line %d: %s\n" % (path, v[1], v[2])


names = st.text(alphabet=[chr(c) for c in range(32, 127)], max_size=8)
values = st.recursive(st.none() | st.booleans() | st.integers(-10**9, 10**9) | names,
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(names, inner, max_size=3),
                      max_leaves=8)
objects = st.dictionaries(names, values, max_size=4)


@settings(max_examples=300, deadline=None)
@given(objects)
def test_every_line_dump_writes_is_read_back(obj):
    try:
        assert parse_line(dump(obj), 5) == obj
    except LogError as e:  # only nesting deeper than the dialect allows
        assert "garbled" in e.reason and json.dumps(obj).count("[") + json.dumps(obj).count("{") > 5


@pytest.mark.native
def test_lines_the_board_writes_are_read_by_the_host():
    objs = [{"op": "place", "at": "ALOA-BARI"}, {"op": "put", "player": "bison", "at": "0,1", "value": 2},
            {"game": "kanaloa", "players": ["red", "blue"], "first": "lot", "seed": 4294967295},
            {"game": "rukuni", "position": {"towers": ["0,-4"], "stones": {"-2,-2": "white"}}},
            {"a": "tab\there \"quoted\" back\\slash \x01", "b": [True, False, None, -7, []], "c": {}}]
    out = run_native("import json\nfrom companion.core.log import dump\nfor o in %r:\n    print(dump(o))" % objs)
    got = [parse_line(line.encode(), 2) for line in out.splitlines()]
    assert got == objs
