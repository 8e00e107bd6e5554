"""`companion broker`: a Mosquitto for remote play, with the project's config (docs/remote.md).

Persistence on (the retained log and presence survive a restart), a
WebSocket listener for the browser page, no anonymous clients, and
per-game credentials with access control: each seat of a game may write
the game's log, its presence and its requests under its own name only; a
watcher may only ask (the boards take nothing from it but "send me the
log"); nobody else may read or write anything. Each user's client id is
its user name (use_username_as_clientid), so only the holder of a seat's
password can take over the seat's session. Every listener is bound to
--host only and caps what a client may send (MAX_PACKET, and
MESSAGE_LIMIT for a publish: Mosquitto 2.0.11's WebSocket listener
ignores max_packet_size). A listener on any address but loopback speaks
TLS only, with a CA and server certificate made here (tls.py).

The credentials live in DIR/games.json (made once per game code, with the
seats of the game --layout names: Kahuna's and Rukuni's white and black,
Duell's bison and wolf, Kanaloa's three or four colours, --seats); each
board's remote config is written to DIR/CODE-SEAT.json for `companion flash`.
"""

import getpass
import ipaddress
import json
import secrets
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from companion.remote.config import code_problem
from companion.remote.games import seats_of
from companion.remote.protocol import MAX_BYTES, WATCH

from .argtypes import port
from .files import LAYOUT_LIMIT, InputError, read_text

MOSQUITTO = "/usr/sbin/mosquitto"
MAX_PACKET = 8192  # any MQTT packet, on the MQTT listener
MESSAGE_LIMIT = MAX_BYTES  # a publish's payload, on every listener (the WebSocket one too)
SEATS = ("white", "black", "watch")  # Kahuna's (and Rukuni's), and the spectators'
PAGE = "http://127.0.0.1:8000/"


def mosquitto():
    found = shutil.which("mosquitto") or (MOSQUITTO if Path(MOSQUITTO).exists() else None)
    if not found:
        raise FileNotFoundError("no mosquitto: run `make setup` (installs the Debian package mosquitto)")
    return found


def host_problem(host):
    """None if Mosquitto can bind host (an IP address), else why not."""
    try:
        ipaddress.ip_address(host)
        return None
    except ValueError:
        return "%r is not an IP address: give the address to listen on, e.g. 127.0.0.1 or 0.0.0.0 (a name the " \
            "boards use for this machine goes in --name)" % host


def is_loopback(host):
    return ipaddress.ip_address(host).is_loopback


def credentials(folder, codes, seats=SEATS[:2]):
    """{code: {seat: password}} for the games (the seats in order, the host first, then
    "watch"), made once and kept in folder/games.json. seats: a new game's."""
    path = Path(folder) / "games.json"
    games = saved_credentials(path) if path.exists() else {}
    for code in codes:
        games.setdefault(code, {seat: secrets.token_urlsafe(12) for seat in tuple(seats) + (WATCH,)})
    path.write_text(json.dumps(games, indent=1) + "\n")
    path.chmod(0o600)
    return games


def saved_credentials(path):
    """games.json as an earlier run wrote it; an InputError if it is not that."""
    what = "the broker's credentials file"
    try:
        games = json.loads(read_text(path, what, LAYOUT_LIMIT))
        fine = isinstance(games, dict) and all(
            isinstance(seats, dict) and WATCH in seats and 3 <= len(seats) <= 5
            and all(not code_problem(seat) and isinstance(seats[seat], str) for seat in seats)
            for seats in games.values())
        why = "not the game codes and passwords `companion broker` writes"
    except ValueError as e:  # (JSONDecodeError and CPython's limit on digits)
        fine, why = False, "not JSON (%s)" % e
    except RecursionError:
        fine, why = False, "not JSON (nested too deep)"
    if not fine:
        raise InputError("%s: %s: move it away and run again (new passwords are made; flash each board again "
                         "with its new CODE-SEAT.json)" % (path, why))
    return games


def acl_lines(games):
    acl = []
    for code in sorted(games):
        for seat in games[code]:
            acl += ["user %s-%s" % (code, seat), "topic read kc/%s/#" % code]
            # a seat writes only under its own name (the topic proves the sender), and only the
            # topics the protocol uses; a watcher may only ask (the boards answer "want" only: remote/protocol.py)
            mine = "kc/%s/%s/" % (code, seat)
            acl += ["topic write %sctl" % mine] if seat == "watch" else \
                ["topic write %slog/+" % mine, "topic write %sstate" % mine, "topic write %sctl" % mine]
            acl.append("")
    return acl


def listener(port, host, tls_files):
    """One listener's lines: bound to host only (socket_domain: without it Mosquitto 2.0.11
    binds a WebSocket listener on every address, whatever address the listener line names)."""
    lines = ["listener %d %s" % (port, host),
             "socket_domain %s" % ("ipv6" if ipaddress.ip_address(host).version == 6 else "ipv4"),
             # nobody takes over a seat's session without its password (a listener's setting: before
             # the first listener line, Mosquitto 2.0.11 ignores it)
             "use_username_as_clientid true"]
    if tls_files:
        lines += ["cafile %s" % tls_files["ca"], "certfile %s" % tls_files["cert"],
                  "keyfile %s" % tls_files["key"], "tls_version tlsv1.2"]
    return lines


def write_config(folder, port, ws_port=None, codes=("DEMO",), host="127.0.0.1", names=(), seats=SEATS[:2]):
    """The broker's config, password file and ACL in folder; returns the config's path.
    A host other than loopback gets TLS on every listener (names: what the boards call
    this machine, in the server certificate besides its own addresses). seats: a new
    game's (game_seats)."""
    why = host_problem(host)
    if why:
        raise ValueError(why)
    folder = Path(folder).resolve()
    (folder / "data").mkdir(parents=True, exist_ok=True)
    games = credentials(folder, codes, seats)
    pw = folder / "passwords"
    lines = []
    for code in sorted(games):
        for seat in games[code]:
            lines.append("%s-%s:%s" % (code, seat, games[code][seat]))
    pw.write_text("\n".join(lines) + "\n")
    subprocess.run([shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd", "-U", str(pw)],
                   check=True, capture_output=True)  # hashes the plain passwords in place
    (folder / "acl").write_text("\n".join(acl_lines(games)))
    tls_files = None
    if not is_loopback(host):
        from .tls import make_ca_and_server

        tls_files = make_ca_and_server(folder / "tls", server_names(host, names))
    conf = ["# written by companion broker (host_tools/broker.py)",
            "user %s" % getpass.getuser(),  # started as root, it would switch to user mosquitto
            "per_listener_settings false", "allow_anonymous false",
            "password_file %s" % pw, "acl_file %s" % (folder / "acl"),
            "persistence true", "persistence_location %s/" % (folder / "data"), "autosave_interval 1",
            "max_packet_size %d" % MAX_PACKET,
            "message_size_limit %d" % MESSAGE_LIMIT,  # (the one limit the WebSocket listener applies)
            "set_tcp_nodelay true", "log_dest file %s" % (folder / "mosquitto.log")]
    conf += listener(port, host, tls_files)
    if ws_port:
        conf += listener(ws_port, host, tls_files) + ["protocol websockets"]
    path = folder / "mosquitto.conf"
    path.write_text("\n".join(conf) + "\n")
    ca = Path(tls_files["ca"]).read_text() if tls_files else None
    for code in games:
        own = [s for s in games[code] if s != WATCH]
        for seat in games[code]:
            board = {"game": code, "seat": None if seat == WATCH else seat,
                     "broker": broker_address(host, names), "port": port,
                     "user": "%s-%s" % (code, seat), "password": games[code][seat]}
            if own != list(SEATS[:2]):
                board["seats"] = own  # (Duell's, Kanaloa's: the board checks them against its game)
            if ca:
                board["ca"] = ca  # the board speaks TLS and verifies the broker with it (link.py)
            f = folder / ("%s-%s.json" % (code, seat))
            f.write_text(json.dumps({"remote": board}, indent=1) + "\n")
            f.chmod(0o600)
    return path


def local_addresses():
    """This machine's IPv4 addresses (no packet leaves it: a UDP connect sends nothing)."""
    found = {"127.0.0.1"}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(info[4][0])
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the route's source address
            found.add(s.getsockname()[0])
    except OSError:
        pass
    return sorted(found)


def broker_address(host, names=()):
    """The address the boards and pages use: host itself, or for a wildcard the first
    name given, else this machine's first address other than loopback."""
    if not ipaddress.ip_address(host).is_unspecified:
        return host
    if names:
        return names[0]
    others = [a for a in local_addresses() if not ipaddress.ip_address(a).is_loopback]
    return others[0] if others else "127.0.0.1"


def server_names(host, names=()):
    """Every name and address the server certificate is for."""
    out = list(names) + [socket.gethostname(), "localhost"] + local_addresses()
    if not ipaddress.ip_address(host).is_unspecified:
        out.append(host)
    seen = []
    for n in out:
        if n not in seen:
            seen.append(n)
    return seen


def game_seats(layout, seats=None):
    """The seats of a new game of the layout's game (seats: Kanaloa's colours), or raise InputError."""
    from companion.core import LayoutError

    from .paths import load_layout

    try:
        game = load_layout(layout).get("game", layout)
    except LayoutError as e:
        raise InputError("--layout %s: %s" % (layout, e))
    own, why = seats_of(game, seats)
    if why:
        raise InputError("--layout %s --seats: %s" % (layout, why))
    return own


def join_link(page, code, seat, broker, ws_port, tls, password, layout="kahuna", seats=None):
    """The page's address for a seat: the password rides in the fragment, which the browser
    never sends to the server; the page moves it into its storage and out of its address."""
    from urllib.parse import urlencode

    fields = {"layout": layout, "remote": code, "seat": seat,
              "broker": "%s://%s:%d" % ("wss" if tls else "ws", broker, ws_port), "user": code + "-" + seat}
    if seats:
        fields["seats"] = ",".join(seats)
    query = urlencode(fields, safe=":/,")
    return "%s?%s#password=%s" % (page, query, password)


def joining(folder, page, ws_port, out, qr=True, layout="kahuna"):
    """Print each seat's join link (and a QR code of it) and the board files."""
    folder = Path(folder)
    games = json.loads((folder / "games.json").read_text())
    for code in sorted(games):
        for seat in games[code]:
            board = json.loads((folder / ("%s-%s.json" % (code, seat))).read_text())["remote"]
            link = join_link(page, code, seat, board["broker"], ws_port, "ca" in board, games[code][seat],
                             layout, board.get("seats"))
            out.write("\n%s %s: the page: %s\n" % (code, seat, link))
            out.write("%s %s: a board: companion flash --remote %s\n" % (code, seat, folder / (
                "%s-%s.json" % (code, seat))))
            if qr and seat != WATCH:
                import segno

                segno.make(link, error="l").terminal(out=out, compact=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, proc=None, timeout=10.0, host="127.0.0.1"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError("mosquitto stopped at once (exit %s)" % proc.returncode)
        try:
            socket.create_connection((host, port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.02)
    raise TimeoutError("mosquitto did not listen on port %d" % port)


def start(conf, port, host="127.0.0.1"):
    proc = subprocess.Popen([mosquitto(), "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wait_port(port, proc, host=host)
    return proc


def register(sub):
    p = sub.add_parser("broker", help="run Mosquitto for remote play (docs/remote.md)")
    p.add_argument("--port", type=port, default=1883)
    p.add_argument("--ws-port", type=port, default=9001, help="the WebSocket listener for the browser page")
    p.add_argument("--dir", default="artifacts/broker", help="config, credentials and persistence (default %(default)s)")
    p.add_argument("--game", action="append", default=[], metavar="CODE",
                   help="a game code to make credentials for (repeatable; default DEMO)")
    p.add_argument("--layout", default="kahuna",
                   help="the layout the games are played on: its game gives the seats (default %(default)s)")
    p.add_argument("--seats", default=None, metavar="A,B,C",
                   help="Kanaloa's seats: 3 or 4 colours, the host first (default red,blue,green,yellow)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (0.0.0.0: the whole network, with TLS)")
    p.add_argument("--name", action="append", default=[], metavar="NAME",
                   help="a name or address the boards use for this machine (repeatable; in the TLS certificate)")
    p.add_argument("--page", default=PAGE, help="the simulator's address in the join links (default %(default)s)")
    p.add_argument("--no-qr", dest="qr", action="store_false", help="print the join links without QR codes")
    p.set_defaults(func=run)


def run(args):
    for code in args.game:
        why = code_problem(code)
        if why:
            print("companion broker: --game %r: %s" % (code, why))
            return 2
    why = host_problem(args.host)
    if why:
        print("companion broker: --host: %s" % why)
        return 2
    try:
        seats = game_seats(args.layout, args.seats.split(",") if args.seats else None)
        conf = write_config(args.dir, args.port, args.ws_port, args.game or ["DEMO"], args.host, args.name, seats)
        exe = mosquitto()
    except InputError as e:
        print("companion broker: %s" % e, file=sys.stderr)
        return 2
    except (FileNotFoundError, subprocess.CalledProcessError, OSError) as e:
        print("companion broker: %s" % e)
        return 1
    tls = not is_loopback(args.host)
    print("companion broker: Mosquitto on %s:%d (MQTT%s) and :%d (WebSocket%s); config %s" % (
        args.host, args.port, " over TLS" if tls else "", args.ws_port, " over TLS" if tls else "", conf))
    if tls:
        print("the CA the boards and browsers verify the broker with: %s/tls/ca.pem" % Path(args.dir))
    joining(args.dir, args.page, args.ws_port, sys.stdout, args.qr, args.layout)
    sys.stdout.flush()
    return subprocess.call([exe, "-c", str(conf)])
