"""Remote play's protocol and shared log (companion/remote.py, seat.py) under CPython,
with exact values; tests/scenarios/remote_scenarios.py also runs under both
MicroPython ports (test_both_interpreters.py)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.remote import config as remote_config
from companion.remote import protocol as remote
from companion.core.log import replay
from companion.core.rng import Rng
from host_tools.paths import load_layout
from tests.scenarios import remote_scenarios as rs

HEADER = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "lot", "seed": 56100817, "remote": "K7Q2",
          "deal": {"white": "0000000700000007", "black": "0000000b0000000b"}}


@pytest.fixture(scope="module")
def results():
    return rs.run_all()


def test_a_board_waiting_for_the_other_shows_the_games_code_whole(results):
    assert results["long_code"] == [["Remote K7Q2", "waiting for", "the other board"],
                                    ["Remote game", "ABCDEFGHIJKLMNOP", "waiting for", "the other board"]]


def test_a_move_on_one_board_is_the_others_to_do(results):
    r = results["a_game"]
    assert r["header"] == HEADER and r["joined"] == 1 and r["first"] == "white"
    assert r["not yours"] == "White's move: it comes from the other board"
    assert r["said"] == "White put a stick on ALOA-BARI"
    # the page shows the other board's move apart from a refusal (app/page.py status "news")
    assert r["news"] == [False, True, False]
    assert r["todo"] == [1, 1]  # white, blinking: put it on
    assert r["mover lit"] == r["after put on"] == [1, 0]  # steady once on the table
    assert r["turn"] == "Black to play" and r["n"] == 3
    assert r["log"] == [HEADER, {"op": "place", "at": "ALOA-BARI", "by": "white"},
                        {"op": "end_turn", "by": "white"}]


def test_digital_deck_each_hand_only_on_its_own_board(results):
    assert results["cards_hidden"] == {
        "cards": "digital", "n": 1, "mover sees": "Hand: A H H", "other sees": "Hold TURN: hand",
        "hands alike": True, "after": [3, "White drew a card from the pile", True],  # the last move: the draw
        "log": [{"op": "place", "at": "ALOA-HUNA", "card": "HUNA", "by": "white"},
                {"op": "draw", "from": "pile", "by": "white"}],
        # black to play: its hand on its own board, not on white's (the host's showed it: its deal
        # started the game without the seat, so its board was nobody's in particular)
        "then": ["Hold TURN: hand", "Hand: C D L", 0, 1]}


def test_the_seed_is_dealt_from_both_boards_parts(results):
    assert results["unfair_deal"] == [
        None, "the header's seed is not the deal of its parts",
        "the deal does not use this board's part and white's commitment",
        "the header's seed has no deal of every board's part"]


def test_a_friend_with_nothing_kept_joins_a_dealt_game(results):
    # issue 42: a fresh page or board for black stayed on "waiting for the other board",
    # refusing line 0 some 35 times a second; now it takes the game as dealt (3 lines) and
    # refuses nothing, while a board that kept its part still refuses a deal without it
    assert results["fresh_friend"] == {"before": 3, "then": 3, "refused": 0,
                                       "kept part": "the deal does not use this board's part and white's commitment"}


def test_lost_and_repeated_messages_end_in_one_log(results):
    r = results["faults"]
    assert (r["n"], r["refused"]) == (9, [0, 0])
    assert r["lost"] >= 25  # every third message sent was lost (how many were sent depends on the catch-up)


def test_offline_then_back(results):
    assert results["presence"] == {"offline": ["Black offline -", "waiting"], "back": ["Round 1 of 3", ""]}


def test_a_spectator_gets_the_whole_log_and_cannot_move(results):
    assert results["late_joiner"] == {"n": 5, "says": "White's move: it comes from the other board"}


def test_bad_messages_are_refused_with_a_reason(results):
    r = results["bad_messages"]
    assert r["reasons"] == [
        "not JSON: not json", "not a JSON object: [1, 2]", "message of 1000000 bytes: the limit is 4096",
        "unknown version 9: this board speaks version 1 (update the older side)",
        "for game 'OTHER', not this game 'K7Q2'",
        "unknown message type 'hello' (known: ev, state, want, undo, no, ok)", 'ev: "i" missing or not a number']
    assert r["refused"] == 10 and r["n"] == 1 and r["asked"] == ["want", 1]


def test_bad_messages_say_why_on_the_console(capsys):
    rs.bad_messages()
    out = capsys.readouterr().out
    assert "remote: refused: line 1: unknown connection 'NOPE-NADA'" in out
    assert "remote: refused: line 1: made by 'black' but White is to play" in out
    assert "remote: refused: line 1 made by 'black' came from 'white': only its maker's copy is taken" in out


def test_a_divergence_heals_from_the_authors_log(results):
    assert results["divergence"] == {"n": 2, "said": "logs differed at line 1: healed from white's log",
                                     "diverged": 1}


def test_after_the_end_both_boards_say_so_and_a_new_code_starts_the_next(results):
    r = results["game_over"]
    assert r["over"] == [True, True] and r["n"] == 3
    assert r["said"] == ["the game is over: a new game code starts the next (docs/remote.md)"] * 2
    assert r["undone"][:2] == [False, False] and r["undone"][2]["op"] == "undo" and r["undone"][3] == 4
    assert r["next"] == ["NEW1", "NEW1", 1, False, ["game-0001"]]


def test_variant_1s_free_stick_is_offered_on_the_removers_board_only(results):
    assert results["free_stick"] == {
        "variants": ["variant1"], "last": {"op": "remove", "at": "ALOA-BARI", "by": "black"},
        "black": [[2, 3], True], "black after a cut": [[2, 3], True],  # black, breathing: free to place again
        "white": [[1, 2], False],  # white, flashing: take it off (the offer is black's, on black's board)
        "white after a cut": [None, False]}  # the table rebuilt as if every move was done


def test_a_seat_the_game_does_not_have_is_refused_and_the_board_plays_on(results):
    assert results["not_kahuna"] == {
        "kanaloa white": [None, "Kanaloa has no seat 'white': its seats are red, blue, green, yellow (docs/remote.md)",
                          True],
        "kanaloa red seats": [None, "Kanaloa's seats are 3 or 4 colours of red, blue, green, yellow, white, orange "
                                    "(docs/remote.md)", True],
        "rukuni bison": [None, "Rukuni has no seat 'bison': its seats are white, black (docs/remote.md)", True],
        "duell white": [None, "Duell der Schamanen has no seat 'white': its seats are bison, wolf (docs/remote.md)",
                        True],
        "duell wolf seats": [None, "the seats of Duell der Schamanen are bison, wolf (docs/remote.md)", True]}


def test_a_hand_edited_config_never_stops_the_board(results):
    r = results["bad_configs"]
    assert r["files"] == [{}, {"profile": "pico"}, {}, {"layout": "kanaloa", "profile": "pico"}]  # the defaults for what is not right
    why = ['no "remote" object', "\"game\": a game code is 1 to 16 letters, digits, '-' or '_'",
           '"seat" is a seat\'s name ("white", "black", ...) or null (a spectator)', '"port" is not a number from 1 to 65535',
           '"password" is not text', '"wifi" is not {"ssid": "...", "password": "..."}']  # never a value
    assert r["said"] == [[None, None, "/config.json: %s: no remote play (docs/remote.md)" % w, True] for w in why]


def test_a_damaged_seed_part_file_is_made_anew_and_the_deal_goes_through(results):
    made = {"white": "0000000700000007", "black": "0000000b0000000b"}  # black's seed 11, drawn anew
    kept = {"white": "0000000700000007", "black": "0000000700000007"}  # the part as written, the junk after it left
    assert results["damaged_part"] == [[made, 1]] * 3 + [[kept, 1], None]


def test_another_version_of_the_header_never_cuts_the_game_away(results):
    assert results["another_header"] == {
        "kept": True, "said": "the other board has another game under this code: ours stands",
        "on": [4, {"op": "place", "at": "ELAI-HUNA", "by": "black"}]}


def test_another_version_of_a_boards_own_line_is_not_taken(results):
    assert results["own_older_line"] == {"kept": True, "on": [6, "COCO-GOLA"]}


def test_undo_across_boards(results):
    r = results["undo_across"]
    assert r["own undo"] == [{"op": "undo", "by": "white"}, 3]
    assert r["other's move"] == "only your own last move can be taken back"
    assert r["asked"] == "asked Black to allow the undo"
    assert r["request"] == "White asks to undo: UNDO yes, TURN no" and r["request is news"]
    assert r["refused"] == "Black refused the undo"
    assert r["accepted"] == [{"op": "undo", "by": "black"}, 5, "white"]


def test_message_check_and_topics():
    assert remote.topic("K7Q2", "white", "log", 3) == "kc/K7Q2/white/log/3"
    assert remote.sender_of("kc/K7Q2/black/ctl") == "black" and remote.sender_of(b"kc/K7Q2") is None
    assert remote.Sync("K7Q2", "black", [], None).topics() == ["kc/K7Q2/white/#", "kc/K7Q2/watch/#",
                                                                "kc/K7Q2/black/log/#", "kc/K7Q2/black/state"]
    sync = remote.Sync("K7Q2", "white", [b'{"game": "kahuna"}'], None)
    sync.state()
    t, payload, retain = sync.outbox[0]
    assert t == "kc/K7Q2/white/state" and retain
    assert json.loads(payload) == {"v": 1, "g": "K7Q2", "t": "state", "from": "white", "on": 1, "n": 1,
                                   "crc": remote.line_crc(b'{"game": "kahuna"}', 0)}
    assert sync.will() == ("kc/K7Q2/white/state", b'{"v": 1, "g": "K7Q2", "t": "state", "from": "white", "on": 0}')
    sync.id = "3f0a91c2.7"  # a board sure of its seat says which board it is (remote/presence.py)
    assert json.loads(sync.will()[1])["id"] == "3f0a91c2.7"
    sync.state()
    assert json.loads(sync.outbox[-1][1])["id"] == "3f0a91c2.7"


def test_flash_puts_a_seats_settings_into_the_boards_config(tmp_path):
    from host_tools import broker
    from host_tools.device.flash import BoardData, firmware_files, remote_settings
    from host_tools.files import InputError
    from host_tools.paths import ROOT

    broker.write_config(tmp_path, 1883, None, ["K7Q2"])
    seat = json.loads((tmp_path / "K7Q2-black.json").read_text())
    assert seat["remote"]["user"] == "K7Q2-black" and seat["remote"]["seat"] == "black"
    board = BoardData(str(ROOT / "board_layouts/kahuna.json"), "pico")
    board.remote = remote_settings(tmp_path / "K7Q2-black.json")
    files = dict((f.remote, f.data) for f in firmware_files(board, 6, None, source=True, modules=False))
    config = json.loads(files["/config.json"])
    assert config == {"layout": "kahuna", "profile": "pico", "remote": seat["remote"]}
    hint = ('give a CODE-SEAT.json that `companion broker` wrote (with, if the board needs it, '
            '"wifi": {"ssid": "...", "password": "..."})')
    for text, why in (('{"wifi": {}}', 'no "remote" object'),
                      (json.dumps(dict(seat, wifi="MyNet")), '"wifi" is not {"ssid": "...", "password": "..."}'),
                      (json.dumps({"remote": dict(seat["remote"], port=0)}), '"port" is not a number from 1 to 65535')):
        (tmp_path / "bad.json").write_text(text)
        with pytest.raises(InputError) as e:
            remote_settings(tmp_path / "bad.json")
        assert str(e.value) == "--remote %s: %s: %s" % (tmp_path / "bad.json", why, hint)
        assert seat["remote"]["password"] not in str(e.value)
    with_wifi = dict(seat, wifi={"ssid": "MyNet", "password": "secret"})  # added by hand, in an editor that
    (tmp_path / "wifi.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(with_wifi, indent=1).replace("\n", "\r\n").encode())
    assert remote_settings(tmp_path / "wifi.json") == {"remote": seat["remote"], "wifi": with_wifi["wifi"]}  # BOM, CRLF
    with pytest.raises(InputError) as e:
        remote_settings(tmp_path / "missing.json")
    assert str(e.value) == ("--remote %s: no such remote settings file: check the name and the folder you are in: "
                            "give a CODE-SEAT.json that `companion broker` wrote" % (tmp_path / "missing.json"))


def test_flash_refuses_remote_play_for_a_game_other_than_kahuna(tmp_path, capsys):
    from host_tools import broker, cli

    broker.write_config(tmp_path, 1883, None, ["K7Q2"])
    seat = tmp_path / "K7Q2-white.json"
    assert cli.main(["flash", "--layout", "kanaloa", "--remote", str(seat)]) == 2
    assert capsys.readouterr().err == (
        "companion flash: --remote %s: Kanaloa has no seat 'white': its seats are red, blue, green, yellow; layout "
        "kanaloa plays kanaloa: flash that game's layout with it, or leave --remote out (docs/remote.md)\n" % seat)


def test_broker_refuses_a_game_code_that_cannot_be_a_topic(tmp_path, capsys):
    from host_tools import cli

    assert cli.main(["broker", "--dir", str(tmp_path), "--game", "K7/#"]) == 2
    assert capsys.readouterr().out == ("companion broker: --game 'K7/#': a game code is 1 to 16 letters, digits, "
                                       "'-' or '_'\n")
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_broker_acl_lets_a_seat_write_only_under_its_own_name(tmp_path):
    from host_tools import broker

    broker.write_config(tmp_path, 1883, 9001, ["K7Q2"])
    acl = (tmp_path / "acl").read_text().split("\n\n")
    assert acl[0].splitlines() == ["user K7Q2-white", "topic read kc/K7Q2/#", "topic write kc/K7Q2/white/log/+",
                                   "topic write kc/K7Q2/white/state", "topic write kc/K7Q2/white/ctl"]
    assert acl[2].splitlines() == ["user K7Q2-watch", "topic read kc/K7Q2/#", "topic write kc/K7Q2/watch/ctl"]
    conf = (tmp_path / "mosquitto.conf").read_text()
    for line in ("allow_anonymous false", "persistence true", "max_packet_size 8192", "message_size_limit 4096",
                 "use_username_as_clientid true", "listener 9001 127.0.0.1\nsocket_domain ipv4",
                 "protocol websockets"):
        assert line + "\n" in conf
    assert "cafile" not in conf and not (tmp_path / "tls").exists()  # loopback only: no TLS
    assert "K7Q2" not in conf  # the secrets are in the password file, hashed
    assert "$7$" in (tmp_path / "passwords").read_text() or "$6$" in (tmp_path / "passwords").read_text()


def test_the_page_shows_only_its_own_hand():
    """The page's hand panels in a remote digital-deck game (remote_glue.py over glue.py)."""
    import importlib.util
    import sys

    from host_tools.paths import ROOT

    def load(name, path):
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module

    page = ROOT / "host_tools/sim/page"
    try:
        glue = load("sim_glue", page / "glue.py")
        rg = load("remote_glue", page / "remote_glue.py")
        wire = rs.Wire()
        w = rs.board("w", "white", wire, cards=True)
        b = rs.board("b", "black", wire, seed=11)
        s = rs.board("s", None, wire, seed=13)
        wire.pump()
        for name, d in (("w", w), ("b", b), ("s", s)):
            glue.loops[name] = d.loop
        white = json.loads(glue.hands("w"))
        black = json.loads(glue.hands("b"))
        assert white["black"] == "" and white["device"] == "black" and len(white["white"].split()) == 3
        assert black["white"] == "" and black["device"] == "white" and len(black["black"].split()) == 3
        assert glue.hands("s") == "" and rg.hands is glue.hands
    finally:
        sys.modules.pop("sim_glue", None)
        sys.modules.pop("remote_glue", None)


ODD = [None, True, 0, -1, 1, 2**31, 2**64, 1.5, "", "x", "white", "black", "watch", [], {}, [1], {"a": 1},
       "K7Q2", "ev", "state", "want", "undo", "no", 10**30]


def _mutated(rng, payload):
    """A payload from the game, damaged: bytes changed, cut short, one field's
    value swapped, or its log line changed (another version of that line)."""
    kind = rng.below(4)
    if kind == 0:
        b = bytearray(payload)
        b[rng.below(len(b))] = rng.below(256)
        return bytes(b)
    if kind == 1:
        return payload[:rng.below(len(payload) + 1)]
    m = json.loads(payload)
    if kind == 3 and "line" in m:
        m["line"] = m["line"][:rng.below(len(m["line"]) + 1)] + "x"
        return json.dumps(m).encode()
    keys = sorted(m) + ["i", "n", "crc", "line", "on", "t", "v", "g", "from", "commit", "nonce"]
    m[keys[rng.below(len(keys))]] = ODD[rng.below(len(ODD))]
    return json.dumps(m).encode()


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_damaged_messages_never_stop_a_board_nor_corrupt_its_log(seed, cards):
    """Presses on both boards while damaged copies of the game's own messages
    arrive on any topic: no exception, each board's game is its log replayed,
    and with the wire quiet both logs end alike."""
    rng = Rng(seed)
    wire = rs.Wire()
    seen = []
    publish = wire.publish
    wire.publish = lambda t, p, retain: seen.append((t, p)) or publish(t, p, retain)
    boards = [rs.board("fz-w", "white", wire, cards=cards), rs.board("fz-b", "black", wire, seed=11)]
    wire.pump()
    names = sorted(boards[0].buttons)
    damaged = 0
    for _ in range(100):
        d = boards[rng.below(2)]
        r = rng.below(10)
        if r < 6:
            d.press(names[rng.below(len(names))] if r < 4 else ("TURN", "UNDO")[r & 1])
        else:
            t, p = seen[rng.below(len(seen))]
            d.app.remote.receive(_mutated(rng, p), t if rng.below(4) else seen[rng.below(len(seen))][0])
            damaged += 1
        wire.pump()
        for d in boards:
            g = replay(d.log_lines(), load_layout)
            assert bytes(g.s[:g.real_at]) == bytes(d.app.game.s[:d.app.game.real_at])
    for _ in range(3):
        for d in boards:
            d.app.remote.sync.hello()
        wire.pump(rounds=30)
    assert boards[0].log_lines() == boards[1].log_lines() and damaged > 20


def test_the_other_boards_move_is_said_in_the_words_that_fit_under_the_score():
    """A cascade's whole sentence needs six or seven display rows: it was cut ("...ALOA-BARI,
    ALOA come" without "off") and hid the score; now its first clauses, as many as fit
    the four rows under the score, every word shown (what comes off blinks on the board)."""
    from companion.remote.seat import _fitting

    assert _fitting("White put a stick on BARI-DUDA; took BARI; Black's ALOA-BARI, ALOA come off") == \
        "White put a stick on BARI-DUDA; took BARI"
    assert _fitting("White put a stick on ALOA-BARI") == "White put a stick on ALOA-BARI"
    assert _fitting("Black took White's ALOA-BARI off; ALOA-HUNA comes off") == "Black took White's ALOA-BARI off"


def test_a_board_gives_way_only_to_another_live_board_with_its_seat(results):
    elsewhere = "White is open on another board or page: close it there; this one tries again every 10 s"
    assert results["taken_elsewhere"] == {
        "waits": [0] * 8, "after cuts": [False, True],  # cuts alone, even two within 5 s: never
        "own echo": [], "a newcomer's will": [1],  # (its own echo: nothing; a will: "online" again)
        "another's id": [1], "again": [1], "changed": "gave way: another board holds this seat",
        "taken": [True, False, None, []], "wait": 10000,
        "lines": ["White: in use", "elsewhere"], "press": elsewhere, "undo": elsewhere,
        "at 4.1 s": True, "at 5 s": [False, "", "7"], "n": 2}  # then its move goes out as any


def test_a_copy_of_a_line_under_another_index_does_not_cut_a_boards_own_line(results):
    # (before: black cut its own line 3 for it and stalled at 3 lines, its line lost from its flash)
    assert results["misplaced_copy"] == {"n": 6, "kept": True}


def test_broker_prints_a_join_link_and_a_qr_code_per_seat(tmp_path):
    """The page's link carries the password in its fragment (never sent to a server); a QR
    code of it follows for each player's seat; then the file for `companion flash --remote`."""
    import io

    from host_tools import broker

    broker.write_config(tmp_path, 1883, 9001, ["K7Q2"])
    games = json.loads((tmp_path / "games.json").read_text())
    out = io.StringIO()
    broker.joining(tmp_path, "http://127.0.0.1:8000/", 9001, out)
    text = out.getvalue()
    lines = text.splitlines()
    for seat in ("white", "black", "watch"):
        link = ("http://127.0.0.1:8000/?layout=kahuna&remote=K7Q2&seat=%s&broker=ws://127.0.0.1:9001&user=K7Q2-%s"
                "#password=%s" % (seat, seat, games["K7Q2"][seat]))
        assert "K7Q2 %s: the page: %s" % (seat, link) in lines
        assert "K7Q2 %s: a board: companion flash --remote %s" % (seat, tmp_path / ("K7Q2-%s.json" % seat)) in lines
    blocks = text.split("K7Q2 ")
    assert [b.split(":")[0] for b in blocks[1:]] == ["white", "white", "black", "black", "watch", "watch"]
    qr = [b for b in blocks if "\u2588" in b]  # the QR codes' full blocks
    assert len(qr) == 2 and all(len(b.strip().splitlines()) > 20 for b in qr)


def test_broker_off_loopback_makes_tls_files_and_seat_files_with_the_ca(tmp_path):
    from cryptography import x509

    from host_tools import broker

    conf = broker.write_config(tmp_path, 8883, 9001, ["K7Q2"], "0.0.0.0", ["game.example"]).read_text()
    for line in ("listener 8883 0.0.0.0", "cafile %s/tls/ca.pem" % tmp_path, "certfile %s/tls/server.pem" % tmp_path,
                 "keyfile %s/tls/server.key" % tmp_path):
        assert conf.count(line + "\n") == (1 if line.startswith("listener") else 2), line
    seat = json.loads((tmp_path / "K7Q2-black.json").read_text())["remote"]
    assert seat["broker"] == "game.example" and seat["ca"] == (tmp_path / "tls/ca.pem").read_text()
    assert remote_config.config_problem({"remote": seat}) is None
    cert = x509.load_pem_x509_certificate((tmp_path / "tls/server.pem").read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert "game.example" in names.get_values_for_type(x509.DNSName)
    assert "127.0.0.1" in [str(a) for a in names.get_values_for_type(x509.IPAddress)]
    assert oct((tmp_path / "tls/server.key").stat().st_mode & 0o777) == "0o600"
    again = (tmp_path / "tls/server.pem").read_bytes()
    broker.write_config(tmp_path, 8883, 9001, ["K7Q2"], "0.0.0.0", ["game.example"])
    assert (tmp_path / "tls/server.pem").read_bytes() == again  # kept: the boards carry its CA
    bad = dict(seat, ca="not a certificate")
    assert remote_config.config_problem({"remote": bad}) == '"ca" is not a PEM certificate (the broker\'s tls/ca.pem)'


class _Host:
    def __init__(self):
        self.applied, self.said = [], []

    def apply(self, line):
        self.applied.append(line)

    def cut(self, n):
        raise AssertionError("no cut expected")

    def note(self, text):
        self.said.append(text)


def _ask(sync, t, sender="watch", **fields):
    msg = dict({"v": 1, "g": "K7Q2", "t": t, "from": sender}, **fields)
    return sync.receive(json.dumps(msg).encode(), remote.topic("K7Q2", sender, "ctl"))


def test_a_spectator_may_only_ask_for_the_log_and_each_asker_is_answered_twice_a_tick(capsys):
    header = '{"game": "kahuna", "code": "K7Q2"}'
    lines = [header, '{"op": "place", "at": "A-B", "by": "white"}', '{"op": "place", "at": "C-D", "by": "black"}',
             '{"op": "place", "at": "E-F", "by": "white"}']
    sync = remote.Sync("K7Q2", "white", lines, _Host())
    for t, fields in (("undo", {"i": 4}), ("no", {"i": 4}), ("state", {"on": 1, "n": 9, "commit": "0" * 64}),
                      ("ev", {"i": 4, "crc": 0, "line": "{}"})):
        assert _ask(sync, t, **fields) is None
    assert sync.refused == 4 and sync.peers == {} and sync.outbox == []
    for _ in range(5):  # a flood from the spectator: twice answered (3 own lines each), then nothing
        _ask(sync, "want", i=0)
    assert [t for t, p, r in sync.outbox] == ["kc/K7Q2/white/log/0", "kc/K7Q2/white/log/1",
                                              "kc/K7Q2/white/log/3"]  # (the second answer: already queued)
    assert sync.unanswered == 3 and sync.answered == {"watch": 5}
    _ask(sync, "want", sender="black", i=3)  # another asker has its own count
    assert sync.answered == {"watch": 5, "black": 1}
    del sync.outbox[:]
    sync.tick()
    assert sync.answered == {}
    _ask(sync, "want", i=2)
    assert [t for t, p, r in sync.outbox if "/log/" in t] == ["kc/K7Q2/white/log/3"]
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == ["remote: refused: a spectator may only ask for the log, not send %s" % t
                       for t in ("undo", "no", "state", "ev")]
    assert out[4:] == ["remote: watch asks for the log again: answered 2 times a second at most"]


def test_broker_refuses_a_host_that_is_not_an_address(tmp_path, capsys):
    from host_tools import cli

    assert cli.main(["broker", "--dir", str(tmp_path), "--host", "game.example"]) == 2
    assert capsys.readouterr().out == ("companion broker: --host: 'game.example' is not an IP address: give the "
                                       "address to listen on, e.g. 127.0.0.1 or 0.0.0.0 (a name the boards use for this "
                                       "machine goes in --name)\n")
    assert list(tmp_path.iterdir()) == []  # nothing written
