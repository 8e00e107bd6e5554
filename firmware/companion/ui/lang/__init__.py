"""The words a player reads, in English, German or French (docs/firmware.md,
"Languages"): what the App and the page call. English, the firmware's own
words, needs nothing more: a board that speaks it never loads the rest
(speak.py, the translating, and a language's tables), so its heap and boot
stay as they were. The doc of speak.py says how a text is translated and how
to add one."""

CODES = ("en", "de", "fr")
NAMES = ("English", "Deutsch", "Français")

code = "en"
_s = None  # speak.py, once a language other than English was chosen (or the page's tables)


def _speak():
    global _s
    if _s is None:
        from . import speak

        _s = speak
    return _s


def use(new):
    """Speak language `new` ("en", "de" or "fr"; another: English) from now on."""
    global code
    if new not in CODES:
        new = "en"
    if new != code or _s is not None:
        _speak().use(new)
    code = new


def for_page():
    """The simulator page: all three tables of a language (never on a board)."""
    _speak().for_page()


def tr(text):
    """A text as the display's table has it, else as it is."""
    return text if _s is None else _s.tr(text)


def say(text):
    """A text in the chosen language (the page's words)."""
    return text if _s is None else _s.say(text)


def message(text):
    """A refusal's reason or the App's message, in the chosen language."""
    return text if _s is None else _s.message(text)


def lines(texts):
    """Display lines in the chosen language (English: the same list)."""
    return texts if _s is None else _s.lines(texts)
