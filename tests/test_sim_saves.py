"""The page's saves in the browser's localStorage (docs/simulator.md, "Game files").

Two tabs of one browser on the same board: a tab that still shows an older
game would, at its next press, save it over the game the other tab played
on. A tab that sees another tab save the board stops and says so; "Play
here" reloads it from that save. A full storage does not stop the page; a
remote game's save is kept per game code and seat, the latest eight."""

from tests.browser.simpage import drive, needs_browser, sim_server
from tests.test_sim_browser import press

pytestmark = needs_browser

Q = "?layout=kahuna&seed=1"
NOTICE = "This game goes on in another tab"
STEPS = [
    {"fresh": Q}, press("ALOA-BARI"), {"observe": "first tab"},
    {"tab": 1, "open": Q}, press("HUNA-IFFI"), press("TURN"), press("ELAI-FAAA"), {"observe": "second tab"},
    {"tab": 0}, {"keyonly": "t"}, {"wait": 400}, {"observe": "first tab again"},  # TURN in the older game
    {"tab": 1}, {"reload": True}, {"observe": "second tab reloaded"},
    {"tab": 0}, {"navigate": "#play-here"}, {"observe": "first tab, play here"},
    press("TURN"), {"observe": "first tab plays on"},
    {"tab": 1}, {"wait": 300}, {"observe": "second tab after it"},
]


def events(seen):
    return seen["log"].splitlines()[1:]


def test_a_tab_with_an_older_game_stops_instead_of_saving_over_the_newer_one():
    with sim_server() as url:
        seen = drive(url, STEPS)
    played = events(seen["second tab"])
    assert events(seen["first tab"]) == played[:1] and len(played) == 4
    stopped = seen["first tab again"]
    assert NOTICE in stopped["page"]["elsewhere"] and events(stopped) == played[:1]  # its TURN did nothing
    assert events(seen["second tab reloaded"]) == played  # nothing the first tab did reached the save
    here = seen["first tab, play here"]
    assert events(here) == played and here["page"]["elsewhere"] == ""
    assert events(seen["first tab plays on"]) == played + ['{"op": "end_turn"}']
    assert NOTICE in seen["second tab after it"]["page"]["elsewhere"]
    assert seen["second tab reloaded"]["page"]["elsewhere"] == ""


STATUS = "document.getElementById('status').textContent"
FILL = """(() => { let i = 0, n = 100000;  // localStorage filled to the last byte
  while (n >= 1) { try { localStorage.setItem("junk" + i, "x".repeat(n)); i++; } catch (e) { n = Math.floor(n / 2); } }
  return i; })()"""
FREE = "(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('junk')) localStorage.removeItem(k); return 1; })()"


def test_a_full_storage_does_not_stop_the_page_and_the_next_change_saves_again():
    steps = [{"fresh": Q}, press("ALOA-BARI"), {"script": FILL}, press("TURN"), {"observe": "full"},
             {"script": STATUS}, {"script": FREE}, press("ELAI-FAAA"), {"script": STATUS + " + ''"},
             {"reload": True}, {"observe": "reloaded"}]
    with sim_server() as url:
        seen = drive(url, steps)  # (no page error: the firmware ran on)
    assert events(seen["full"]) == ['{"op": "place", "at": "ALOA-BARI"}', '{"op": "end_turn"}']
    assert seen[STATUS]["value"].startswith("not saved in this browser (QuotaExceededError)")
    assert seen[STATUS + " + ''"]["value"] == "running: saved again"
    assert events(seen["reloaded"]) == events(seen["full"]) + ['{"op": "place", "at": "ELAI-FAAA"}']


OLD_REMOTE = """(() => { const when = {};  // ten remote games saved earlier, the oldest first
  for (let i = 0; i < 10; i++) { const k = "companion-sim/kahuna/remote/OLD" + i + "/white";
    localStorage.setItem(k, "{}"); when[k] = 1000 + i; }
  localStorage.setItem("companion-sim/remote-saves", JSON.stringify(when)); return 1; })()"""
KEYS = "Object.keys(localStorage).sort()"


def test_a_remote_games_save_is_its_own_and_the_latest_eight_are_kept():
    remote = Q + "&remote=K7Q2&seat=white&broker=ws://127.0.0.1:9"
    steps = [{"fresh": Q}, press("ALOA-BARI"), {"script": OLD_REMOTE}, {"mockws": "ws://127.0.0.1:9/"},
             {"goto": remote}, {"wait": 1000}, {"script": KEYS}, {"goto": Q}, {"observe": "local"}]
    with sim_server() as url:
        seen = drive(url, steps)
    kept = ["companion-sim/kahuna/remote/%s/white" % c for c in ["K7Q2"] + ["OLD%d" % i for i in range(3, 10)]]
    assert seen[KEYS]["value"] == ["companion-sim/kahuna"] + kept + ["companion-sim/remote-saves"]
    assert events(seen["local"]) == ['{"op": "place", "at": "ALOA-BARI"}']  # the game at this table goes on


KEY = "companion-sim/kahuna"
CUT = "(() => { const t = localStorage.getItem('%s').slice(0, 40);  // a save cut short\n  localStorage.setItem('%s', t); return t; })()" % (KEY, KEY)
NOT_FOLDER = "(() => { localStorage.setItem('%s', '{\"current.jsonl\": 7}'); return 1; })()" % KEY
KEPT = "localStorage.getItem('%s/unreadable')" % KEY


def test_an_unreadable_save_is_kept_and_offered_not_overwritten_by_the_new_game():
    steps = [{"fresh": Q}, press("ALOA-BARI"), {"script": CUT}, {"reload": True}, {"observe": "cut"},
             {"download": "#archive a"}, press("HUNA-IFFI"), {"reload": True}, {"observe": "played on"},
             {"script": NOT_FOLDER}, {"reload": True}, {"observe": "not a folder"}, {"script": KEPT}]
    with sim_server() as url:
        seen = drive(url, steps)
    damaged = seen[CUT]["value"]
    assert damaged.startswith("{") and len(damaged) == 40
    cut = seen["cut"]
    assert events(cut) == [] and cut["archived"] == ["unreadable-save.json"]
    assert cut["page"]["filesNote"].startswith("The game saved in this browser could not be read, so a new game started.")
    assert seen["download"]["name"] == "kahuna-unreadable-save.json" and seen["download"]["text"] == damaged
    played = seen["played on"]
    assert events(played) == ['{"op": "place", "at": "HUNA-IFFI"}']  # the new game is saved as any other
    assert played["archived"] == ["unreadable-save.json"] and played["page"]["filesNote"] == ""
    assert events(seen["not a folder"]) == [] and seen[KEPT]["value"] == '{"current.jsonl": 7}'
