"""Where the project's parts live, and finding and loading layouts by name or path."""

import json
from pathlib import Path

from companion.core import LayoutError

from .files import LAYOUT_LIMIT, InputError, read_text

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
LAYOUTS = ROOT / "board_layouts"
PROFILES = LAYOUTS / "profiles"


def resolve(name, folder=LAYOUTS):
    """A file as given when it looks like a path (it has a folder or ends in
    .json, or exists), else the bare name looked up as folder/NAME.json."""
    path = Path(name)
    if not (path.suffix == ".json" or "/" in name or "\\" in name or exists(path)):
        path = folder / (name + ".json")
        try:
            path = path.relative_to(Path.cwd())
        except ValueError:
            pass
    return path


def exists(path):
    try:
        return path.exists()
    except (OSError, ValueError):  # e.g. a NUL byte or an over-long name
        return False


def known(folder):
    return ", ".join(sorted(p.stem for p in folder.glob("*.json"))) or "none"


def layout_path(name):
    """A layout by name (board_layouts/NAME.json) or by path."""
    path = Path(name)
    if path.suffix == ".json" and exists(path):
        return path
    return LAYOUTS / (name + ".json")


def load_layout(name):
    path = layout_path(name)
    if not exists(path):
        raise LayoutError("no layout %r in %s (known: %s)" % (name, LAYOUTS, known(LAYOUTS)))
    try:
        text = read_text(path, "layout", LAYOUT_LIMIT)
    except InputError as e:
        raise LayoutError(str(e))
    try:
        return json.loads(text)
    except ValueError as e:
        raise LayoutError("%s is not valid JSON: %s" % (path, e))
