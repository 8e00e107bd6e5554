"""The firmware's layers (docs/firmware.md, "The map"): every import of every
module under firmware/companion, at the top or inside a function, checked
against what its package may import; and no import circle."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "firmware" / "companion"

# what each part may import (besides itself, MicroPython's or CPython's own modules, and the
# package itself: companion/__init__.py holds what the interpreters provide differently)
BELOW = {
    "text": set(),  # words into display lines
    "pack": set(),  # loads the modules: runs before any of them
    "lit": set(),  # the saved look: shown at power-on, before the rest loads
    "core": set(),  # the rules: pure
    "hal": set(),  # the drivers: know no rules and no app
    "store": {"core", "lit"},  # the game on flash
    "layout": {"text"},  # the checks of a layout and a profile
    "ui": {"core", "hal", "text"},  # each game on the board
    "app": {"core", "hal", "ui", "store", "text"},  # what a press means
    "remote": {"app", "core", "hal", "ui", "store", "text"},  # a plug-in on the app
    "loop": {"hal"},  # the run loop: the only place with time
    "boot": {"app", "core", "hal", "ui", "store", "layout", "remote", "loop", "text", "lit"},
}


def modules():
    """{dotted name: path} of every module in the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ("companion",) + path.relative_to(PACKAGE).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def imports(name, path):
    """The package's modules that module `name` imports (relative or absolute, anywhere in it)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rsplit(".", 1)[0]
            target = (base + "." + node.module if node.module else base) if node.level else node.module or ""
            for alias in node.names:  # `from . import kahuna` names a module; `from .x import y`, a name in x
                found.add(target + "." + alias.name if (target + "." + alias.name) in ALL else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in ALL and m != name}


ALL = modules()
GRAPH = {name: imports(name, path) for name, path in ALL.items()}


def part(name):
    """The part a module belongs to: companion.store.files -> store."""
    return name.split(".")[1] if "." in name else "companion"


@pytest.mark.parametrize("name", sorted(ALL))
def test_every_import_goes_to_a_part_below(name):
    mine = part(name)
    allowed = BELOW.get(mine)
    assert allowed is not None or mine == "companion", "%s: a part docs/firmware.md's map does not name" % name
    wrong = sorted(m for m in GRAPH[name] if part(m) not in (mine, "companion") and part(m) not in (allowed or set()))
    assert not wrong, "%s (%s) imports %s: %s may import only %s" % (
        name, mine, ", ".join(wrong), mine, ", ".join(sorted(allowed or ())) or "nothing of the package")


def test_no_import_circle():
    """A package's __init__ that loads its own modules by name (ui.load, the
    game registry) is left out: its modules import the package's helpers."""
    edges = {n: {m for m in ms if not (ALL[n].name == "__init__.py" and m.startswith(n + "."))}
             for n, ms in GRAPH.items()}
    state = {}
    circles = []

    def visit(n, path):
        state[n] = 1
        for m in sorted(edges[n]):
            if state.get(m) == 1:
                circles.append(path[path.index(m):] + [m])
            elif m not in state:
                visit(m, path + [m])
        state[n] = 2

    for n in sorted(edges):
        if n not in state:
            visit(n, [n])
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_the_check_knows_every_module_and_finds_a_wrong_import(tmp_path):
    # the test itself: every module was read, and a hal module importing the app is caught
    assert {"companion.core.game", "companion.hal.buttons", "companion.app.play", "companion.remote.seat",
            "companion.store.log_store", "companion.layout.check", "companion.boot", "companion.loop"} <= set(ALL)
    bad = tmp_path / "leds.py"
    bad.write_text("from ..app.play import App\n\ndef f():\n    from ..core import log\n")
    found = imports("companion.hal.leds", bad)
    assert found == {"companion.app.play", "companion.core.log"}
    assert not {part(m) for m in found} <= BELOW["hal"]


# what getattr/hasattr may look into: what a port or a part of the hardware has
# or not (os.ilistdir, a display's paged send, a sampler's wait), never a game
# or a UI: those answer through their classes' contracts (core/game.py's Game,
# ui's base class), with defaults where a game has nothing to say
PLATFORM_PROBES = {"os", "errno", "io", "module", "parent", "source", "self.source", "d", "display",
                   "loop.buttons.sampler", "lines"}
MAX_LINES = 410  # "no firmware module over ~400 lines" (issue 41)


def probes(path):
    """(line, the object's source) of every getattr/hasattr call in a module."""
    tree = ast.parse(path.read_text(), str(path))
    return [(node.lineno, ast.unparse(node.args[0])) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr") and node.args]


def test_no_game_or_ui_is_probed_with_getattr():
    found = ["%s:%d probes %s" % (ALL[name].relative_to(PACKAGE), line, what)
             for name in sorted(ALL) for line, what in probes(ALL[name]) if what not in PLATFORM_PROBES]
    assert not found, "give the class a method or a default instead: " + "; ".join(found)


def test_the_probe_check_finds_a_probe(tmp_path):
    bad = tmp_path / "words.py"
    bad.write_text("def f(game, os):\n    getattr(os, 'ilistdir', None)\n    return hasattr(game, 'migis')\n")
    assert probes(bad) == [(2, "os"), (3, "game")]


def test_no_module_is_over_about_400_lines():
    long = ["%s: %d lines" % (ALL[n].relative_to(PACKAGE), len(ALL[n].read_text().splitlines()))
            for n in sorted(ALL) if len(ALL[n].read_text().splitlines()) > MAX_LINES]
    assert not long, "split by job (docs/firmware.md, the map): " + ", ".join(long)
