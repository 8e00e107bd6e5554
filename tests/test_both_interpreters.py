"""Every scenario module gives the same results under CPython and MicroPython."""

import importlib
import json
from pathlib import Path

import pytest

from host_tools.micropython import run

SCENARIOS = Path(__file__).parent / "scenarios"
MODULES = sorted(p.stem for p in SCENARIOS.glob("*_scenarios.py"))


def normalise(obj):
    return json.loads(json.dumps(obj, sort_keys=True))


@pytest.mark.parametrize("module", MODULES)
def test_same_results_under_micropython(module):
    expected = normalise(importlib.import_module("tests.scenarios." + module).run_all())
    assert expected, "a scenario module must return results"
    out = run(["import json\nfrom scenarios import %s as m\nprint('RESULT ' + json.dumps(m.run_all()))" % module],
              mounts=[(SCENARIOS, "/lib/scenarios")])
    line = [l for l in out.splitlines() if l.startswith("RESULT ")][-1]
    got = normalise(json.loads(line[len("RESULT "):]))
    for name in expected:
        assert got.get(name) == expected[name], "scenario %s differs under MicroPython" % name
    assert set(got) == set(expected)
