"""The simulator page's words for the App: an element's accessible name and
the side panel. Only the simulator (host_tools/sim/page/glue.py) and the
tests load this module: a board never does (it costs the device no RAM)."""

from .. import ui as uis
from ..hal.frame import LEGEND


def describe(app, code):
    """An element's accessible name: what it is and what stands there,
    e.g. "ALOA-BARI: white stick", "HUNA: black stone, take off"."""
    if code == app.turn_key:
        return "TURN"
    if code == app.undo_key:
        return "UNDO"
    if code == app.menu_key:
        return "MENU"
    text = app.ui.describe(code) if app.ui is not None else None
    if text is None:
        return None
    if app.flashing and app.led_of.get(code) == app.flash_led:
        text += ", refused"
    return text


def status(app):
    """The page's side panel, one line each: title, whose turn, score,
    last move, message; then the move list and the legend, in words."""
    ui = app.ui
    out = {"title": uis.title(app.game_name), "turn": "", "score": "", "last": "",
           "message": app.said or " ".join(app.message), "news": app.news, "moves": [], "legend": LEGEND,
           "colour": 0}
    if ui is not None:
        for key, text in (("turn", ui.turn_text()), ("score", ui.score_text()), ("last", ui.last_text()),
                          ("moves", ui.moves_text()), ("colour", ui.turn_colour()),
                          ("device", ui.device_text()), ("cards", ui.cards_text())):
            if text is not None:
                out[key] = text
        out["todo"] = uis.todo_words(app.game)  # TURN counts them all done (every game)
        app._check_status(out)
    if app.menu_open:
        out["turn"] = "Menu: MENU = next line, TURN = change, UNDO = back"
        out["menu"] = [("> " if i == app.cursor else "") + (label + " " + value).strip()
                       for i, (label, value) in enumerate(app._items())]
    return out
