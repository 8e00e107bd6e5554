"""Remote play of Rukuni, Duell der Schamanen (its masks sealed) and Kanaloa (three
or four seats) under CPython, with exact values; tests/scenarios/remote_games_scenarios.py
also runs under both MicroPython ports (test_both_interpreters.py)."""

import pytest

from companion.remote.deal import deal_seed
from tests.scenarios import remote_games_scenarios as rg

SEAL = "c681092e30cdb24102bef4755f9bf0ecb25cb869bd8602718b5fd09225d14d00"  # sha256("1:0000000b0000000b")


@pytest.fixture(scope="module")
def results():
    return rg.run_all()


def mv(a, b, by):
    return {"op": "move", "from": a, "to": b, "by": by}


def st(at, by):
    return {"op": "set", "at": at, "by": by}


def test_rukuni_two_seats_through_lost_and_repeated_messages(results):
    r = results["rukuni"]
    deal = {"white": "0000000700000007", "black": "0000000b0000000b"}
    assert r["header"] == {"game": "rukuni", "layout": "rukuni", "variants": [], "first": "lot",
                           "seed": deal_seed(deal["white"], deal["black"]), "remote": "K7Q2", "deal": deal}
    assert r["joined"] == 1 and r["first"] == "white"
    assert r["not yours"] == "White's move: it comes from the other board"
    assert r["n"] == 5
    # black's set taken back with white's consent (white made the undo), black sets again
    assert r["asked"] == "asked White to allow the undo"
    assert r["undone"] == [{"op": "undo", "by": "white"}, 6, "black"]
    assert r["end"] == [11, [mv("0,-4", "0,0", "white"), st("1,0", "white"), mv("4,0", "2,0", "black"),
                             st("3,0", "black"), {"op": "undo", "by": "white"}, st("3,0", "black"),
                             mv("0,0", "0,-3", "white"), st("0,-2", "white"), mv("2,0", "2,-2", "black"),
                             st("2,-1", "black")], [0, 0]]


def test_duell_masks_are_sealed_until_both_are_chosen(results):
    r = results["duell"]
    assert r["header"] == {"game": "duell", "layout": "duell", "variants": [], "remote": "K7Q2"}
    assert r["placed"] == 19 and r["phase"] == 1  # 18 stones placed: the duels
    assert r["not its mask"] == "Wolf's mask comes from the other board"
    assert r["bison first"] == "Wolf seals a mask first: yours is shown after it (a moment)"
    # wolf's choice: nothing in the log, only its hash in wolf's state
    assert r["sealed"] == ["mask sealed: Bison's is shown next, then yours", 19, SEAL]
    assert r["wolf again"] == "your mask is sealed: Bison's comes next"
    assert r["bison line"] == {"op": "mask", "player": "bison", "choice": 2, "seal": SEAL, "by": "bison"}
    assert r["revealed"] == [{"op": "mask", "player": "wolf", "choice": 1, "salt": "0000000b0000000b", "by": "wolf"},
                             21, {"at": "2,1", "bison": 8, "wolf": 9, "winner": "wolf", "paid": 1}]
    assert r["undo a shown duel"] == "a duel's masks, once both are shown, stay (docs/remote.md)"


def test_duell_a_mask_other_than_the_sealed_one_or_without_a_seal_is_refused(results):
    r = results["duell_forged"]
    assert r["refused"] == 1 and r["n"] == 20
    assert r["unsealed"] == [1, 19]  # a bison mask with no seal: refused by wolf's board
    assert r["then"] == [21, 1, {"at": "0,1", "bison": 2, "wolf": 3, "winner": "wolf", "paid": 1}]


def test_duell_a_sealed_mask_survives_a_power_cut(results):
    r = results["duell_cut"]
    assert r == {"n": 21, "duel": {"at": "1,2", "bison": 6, "wolf": 7, "winner": "wolf", "paid": 1}, "last": 2}


def test_kanaloa_three_seats_deal_play_and_undo_by_everyones_consent(results):
    r = results["kanaloa"]
    deal = {"red": "0000000700000007", "blue": "0000000b0000000b", "green": "0000000f0000000f"}
    assert r["header"] == {"game": "kanaloa", "layout": "kanaloa", "variants": [], "players": ["red", "blue", "green"],
                           "first": "lot", "seed": deal_seed(deal["red"], deal["blue"], deal["green"]),
                           "remote": "K7Q2", "deal": deal}
    assert r["joined"] == [1, 1] and r["first"] == "green"
    assert r["not yours"] == "Green's move: it comes from Green's board"
    assert r["placed"][:3] == [2, 2, {"op": "place", "at": "KAIA-ORO", "by": "green"}]
    assert r["asked"] == "asked Red and Blue to allow the undo"
    # red (to play) allowed first: the undo waits for blue's consent
    assert r["one allowed"] == ["undo allowed: waiting for Blue", {"op": "end_turn", "by": "green"}]
    assert r["undone"] == [4, 4, {"op": "undo", "by": "red"}, "green"]


def test_broker_makes_each_games_seats_and_their_acl_files_and_links(tmp_path):
    """`companion broker --layout duell` makes bison's and wolf's users, each writing only
    under its own name; `--layout kanaloa --seats ...` three or four colours, whose seat
    files and join links carry the seats; a seat list the game cannot have is refused."""
    import io
    import json

    from host_tools import broker
    from host_tools.files import InputError

    assert broker.game_seats("duell") == ("bison", "wolf") and broker.game_seats("rukuni") == ("white", "black")
    assert broker.game_seats("kanaloa", ["green", "red", "blue"]) == ("green", "red", "blue")
    for layout, seats, why in (("kanaloa", ["red", "blue"], "Kanaloa's seats are 3 or 4 colours of red, blue, green, "
                                "yellow, white, orange"), ("duell", ["wolf", "bison"], "the seats of Duell der "
                                                           "Schamanen are bison, wolf")):
        with pytest.raises(InputError) as e:
            broker.game_seats(layout, seats)
        assert str(e.value) == "--layout %s --seats: %s" % (layout, why)
    broker.write_config(tmp_path / "d", 1883, 9001, ["D1"], seats=broker.game_seats("duell"))
    acl = (tmp_path / "d" / "acl").read_text().split("\n\n")
    assert [a.splitlines()[0] for a in acl] == ["user D1-bison", "user D1-wolf", "user D1-watch"]
    assert acl[1].splitlines()[2:] == ["topic write kc/D1/wolf/log/+", "topic write kc/D1/wolf/state",
                                       "topic write kc/D1/wolf/ctl"]
    wolf = json.loads((tmp_path / "d" / "D1-wolf.json").read_text())["remote"]
    assert wolf["seat"] == "wolf" and wolf["seats"] == ["bison", "wolf"]
    seats = broker.game_seats("kanaloa", ["red", "blue", "green"])
    broker.write_config(tmp_path / "k", 1883, 9001, ["K1"], seats=seats)
    games = json.loads((tmp_path / "k" / "games.json").read_text())
    assert list(games["K1"]) == ["red", "blue", "green", "watch"]
    out = io.StringIO()
    broker.joining(tmp_path / "k", "http://127.0.0.1:8000/", 9001, out, qr=False, layout="kanaloa")
    assert ("K1 blue: the page: http://127.0.0.1:8000/?layout=kanaloa&remote=K1&seat=blue&broker=ws://127.0.0.1:9001"
            "&user=K1-blue&seats=red,blue,green#password=%s" % games["K1"]["blue"]) in out.getvalue().splitlines()


def test_kanaloa_four_seats_by_default_each_plays_its_own_turn(results):
    r = results["kanaloa4"]
    assert r["players"] == ["red", "blue", "green", "yellow"] and r["deal"] == ["blue", "green", "red", "yellow"]
    assert r["played"] == ["blue", "green", "yellow", "red"] and r["same"] and r["n"] == 9
    assert r["by"] == ["blue", "blue", "green", "green", "yellow", "yellow", "red", "red"]  # a bridge, then TURN


def test_broker_refuses_a_layout_or_seats_it_cannot_seat(tmp_path, capsys):
    from host_tools import cli

    for args, why in ((["--layout", "nosuch"], "--layout nosuch: no layout 'nosuch' in "),
                      (["--layout", "kanaloa", "--seats", "red,red,blue"],
                       "--layout kanaloa --seats: Kanaloa's seats are 3 or 4 colours of red, blue, green, yellow, "
                       "white, orange\n")):
        assert cli.main(["broker", "--dir", str(tmp_path), "--port", "1", "--ws-port", "2"] + args) == 2
        err = capsys.readouterr().err
        assert err.startswith("companion broker: " + why), err
    assert not (tmp_path / "games.json").exists()  # nothing made
