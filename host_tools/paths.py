"""Where the project's parts live, and loading layouts by name."""

import json
from pathlib import Path

from companion.core import LayoutError

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
LAYOUTS = ROOT / "board_layouts"


def layout_path(name):
    """A layout by name (board_layouts/NAME.json) or by path."""
    path = Path(name)
    if path.suffix == ".json" and path.exists():
        return path
    return LAYOUTS / (name + ".json")


def load_layout(name):
    path = layout_path(name)
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in LAYOUTS.glob("*.json")))
        raise LayoutError("no layout %r in %s (known: %s)" % (name, LAYOUTS, known))
    try:
        return json.loads(path.read_text())
    except ValueError as e:
        raise LayoutError("%s is not valid JSON: %s" % (path, e))
