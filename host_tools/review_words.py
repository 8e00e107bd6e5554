"""The review's words in German or French (`companion review --lang`, the
simulator's "Review this game"): the firmware's own tables (ui/lang: the
display's, the reasons' and the page's), so a text has one translation.

Each review gets a private copy of ui/lang/speak.py (its module state: the
chosen table, the lines kept translated), never the one the firmware and
the tests use: the simulator's server may word two reviews at once, and a
review must not leave the process's display language changed.
"""

import importlib.util
import threading

from companion.ui import lang

LANGS = lang.CODES  # ("en", "de", "fr")
_loading = threading.Lock()  # (loading a table drops the other's module: one review at a time)


def speaker(code):
    """A function that says an English text (or a format filled in) in `code`
    ("en": the text as it is). ValueError for a language not in LANGS."""
    if code not in LANGS:
        raise ValueError("no language %r: choose one of %s" % (code, ", ".join(LANGS)))
    if code == "en":
        return lambda text: text
    path = lang.__file__.rsplit("__init__", 1)[0] + "speak.py"
    spec = importlib.util.spec_from_file_location(lang.__name__ + ".speak", path)
    speak = importlib.util.module_from_spec(spec)  # (not in sys.modules: this review's own)
    spec.loader.exec_module(speak)
    with _loading:
        speak.for_page()
        speak.use(code)
    return speak.say

