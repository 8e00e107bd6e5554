"""Every scenario module gives the same results under CPython and MicroPython:
the WebAssembly port (what the simulator runs) and the native unix port with a
fixed heap (closest to a chip: a real heap limit, MicroPython's own gc)."""

import importlib
import json
from pathlib import Path

import pytest

from host_tools.micropython import run, run_native

SCENARIOS = Path(__file__).parent / "scenarios"
MODULES = sorted(p.stem for p in SCENARIOS.glob("*_scenarios.py"))
SCRIPT = "import json\nfrom scenarios import %s as m\nprint('RESULT ' + json.dumps(m.run_all()))"


def normalise(obj):
    return json.loads(json.dumps(obj, sort_keys=True))


def result(out):
    line = [l for l in out.splitlines() if l.startswith("RESULT ")][-1]
    return normalise(json.loads(line[len("RESULT "):]))


def expected(module):
    want = normalise(importlib.import_module("tests.scenarios." + module).run_all())
    assert want, "a scenario module must return results"
    return want


def same(got, want, where):
    for name in want:
        assert got.get(name) == want[name], "scenario %s differs under %s" % (name, where)
    assert set(got) == set(want)


@pytest.mark.parametrize("module", MODULES)
def test_same_results_under_micropython(module):
    got = result(run([SCRIPT % module], mounts=[(SCENARIOS, "/lib/scenarios")]))
    same(got, expected(module), "the MicroPython WebAssembly port")


@pytest.mark.native
@pytest.mark.parametrize("module", MODULES)
def test_same_results_under_native_micropython(module):
    same(result(run_native(SCRIPT % module)), expected(module), "native MicroPython (fixed heap)")
