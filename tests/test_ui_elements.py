"""What a game's start makes from its layout, kept cheap for a Pico: the
island games' element maps (ui.island_elements) are read in the layout's
order, with no name looked up, and must say what looking every element up
by its name says; a New game on a layout kept parsed reuses its island
board."""

import pytest

from companion.core.games import new_game
from companion.ui import island_elements
from host_tools.paths import load_layout

HEADERS = {"kahuna": {"game": "kahuna"}, "kanaloa": {"game": "kanaloa", "players": ["red", "blue", "green"], "seed": 1}}


@pytest.mark.parametrize("name", sorted(HEADERS))
def test_element_maps_in_layout_order_equal_those_found_by_name(name):
    layout = load_layout(name)
    game = new_game(dict(HEADERS[name], layout=name), layout)
    b = game.board
    led = bytearray(game.nconn + game.nisland)
    element = {}
    for c in layout["connections"]:
        k = b.conn(c["a"] + "-" + c["b"])
        led[k], element[c["button"]] = c["led"], k
    for i in layout["islands"]:
        k = game.nconn + b.island(i["name"])
        led[k], element[i["button"]] = i["led"], k
    assert island_elements(game, layout) == (led, element)
    assert sorted(element.values()) == list(range(game.nconn + game.nisland))


def test_a_layout_that_is_not_the_games_is_refused():
    layout = load_layout("kahuna")
    game = new_game({"game": "kahuna"}, layout)
    other = dict(layout, connections=layout["connections"][:-1])
    with pytest.raises(ValueError):
        island_elements(game, other)


def test_a_new_game_on_the_layout_kept_parsed_reuses_its_island_board(tmp_path):
    """A board that keeps its parsed layout (a Pico's heap) makes the island
    board once; one that reads the layout again for a New game makes it anew."""
    from companion.app.play import App
    from companion.store.log_store import Store

    for keep in (True, False):
        layout = load_layout("kahuna")
        app = App(layout, Store(str(tmp_path / str(keep))), lambda: 7,
                  None if keep else (lambda name: load_layout(name)))
        app.boot()
        board = app.game.board
        app.new_game()
        assert (app.game.board is board) == keep and app.layout is (layout if keep else None)
        assert app.game.board.conn_names == board.conn_names and not app.game.s[:app.game.nconn].strip(b"\0")
