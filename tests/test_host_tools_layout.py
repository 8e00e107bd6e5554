"""host_tools/ shows its parts: a package per part, each saying what it holds,
and no module importing another that (through others) imports it back."""

import ast
import importlib
from pathlib import Path

from host_tools import cli

HOST_TOOLS = Path(__file__).resolve().parent.parent / "host_tools"
PARTS = ("replay", "draw", "layout", "device", "sim", "bench")


def modules():
    """{dotted name: path} for every Python module of host_tools (not the sim page's glue)."""
    out = {}
    for path in sorted(HOST_TOOLS.rglob("*.py")):
        rel = path.relative_to(HOST_TOOLS.parent).with_suffix("")
        if "page" in rel.parts or "probe" in rel.parts:  # run by MicroPython, not CPython
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        out[".".join(parts)] = path
    return out


def imports_of(name, path):
    """The host_tools modules `name` imports, at load time or inside functions."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    known = modules()
    for node in ast.walk(ast.parse(path.read_text())):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[:len(up) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            targets = [base] + [base + "." + a.name for a in node.names]
        for t in targets:
            if t in known and t != name:
                found.add(t)
    return found


def test_each_part_is_a_package_that_says_what_it_holds():
    for part in PARTS + ("",):
        init = HOST_TOOLS / part / "__init__.py"
        assert init.exists(), "host_tools/%s is not a package" % part
        doc = ast.get_docstring(ast.parse(init.read_text()))
        assert doc and len(doc) > 40, "host_tools/%s/__init__.py: say what the package holds" % part
    top = sorted(p.name for p in HOST_TOOLS.glob("*.py"))
    # one-job modules beside the parts: the remote-play broker and its TLS certificates, its client's
    # fetch, the game review, its page and its words, the command line's numbers, a board's log folder
    # read as the board reads it, progress on long work
    assert top == ["__init__.py", "argtypes.py", "broker.py", "cli.py", "files.py", "log_folder.py",
                   "micropython.py", "paths.py", "progress.py", "review.py", "review_page.py", "review_words.py",
                   "tls.py", "vendor.py"]


def test_no_import_circles():
    graph = dict((name, imports_of(name, path)) for name, path in modules().items())
    # a package's __init__ importing nothing keeps the graph plain: check each cycle by DFS
    state = {}

    def visit(node, stack):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                raise AssertionError("import circle: %s" % " -> ".join(stack[stack.index(nxt):] + [nxt]))
            if nxt not in state:
                visit(nxt, stack + [nxt])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_every_module_imports_and_every_command_registers():
    for name in modules():
        importlib.import_module(name)
    names = set(cli.build_parser()._subparsers._group_actions[0].choices)
    assert {"replay", "layout", "flash", "repl", "devices", "virtual-device", "sim", "bench"} <= names


def test_pyproject_lists_every_package():
    """setuptools installs only the packages pyproject.toml lists."""
    import tomllib

    listed = set(tomllib.loads((HOST_TOOLS.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = set(".".join(p.parent.relative_to(HOST_TOOLS.parent).parts) for p in HOST_TOOLS.rglob("__init__.py"))
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
