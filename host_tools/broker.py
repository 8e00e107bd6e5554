"""`companion broker`: a Mosquitto for remote play, with the project's config (docs/remote.md).

Persistence on (the retained log and presence survive a restart), a
WebSocket listener for the browser page, no anonymous clients, packets of
at most MAX_PACKET bytes, and per-game credentials with access control:
each seat of a game may write the game's log and requests and only its own
presence; a watcher may only read; nobody else may read or write anything.
The credentials live in DIR/games.json (made once per game code); each
board's remote config is written to DIR/CODE-SEAT.json for `companion flash`.
"""

import getpass
import json
import secrets
import shutil
import socket
import subprocess
import time
from pathlib import Path

from companion.remote.protocol import code_problem

from .argtypes import port

MOSQUITTO = "/usr/sbin/mosquitto"
MAX_PACKET = 8192
SEATS = ("white", "black", "watch")


def mosquitto():
    found = shutil.which("mosquitto") or (MOSQUITTO if Path(MOSQUITTO).exists() else None)
    if not found:
        raise FileNotFoundError("no mosquitto: run `make setup` (installs the Debian package mosquitto)")
    return found


def credentials(folder, codes):
    """{code: {seat: password}} for the games, made once and kept in folder/games.json."""
    path = Path(folder) / "games.json"
    games = json.loads(path.read_text()) if path.exists() else {}
    for code in codes:
        games.setdefault(code, {seat: secrets.token_urlsafe(12) for seat in SEATS})
    path.write_text(json.dumps(games, indent=1) + "\n")
    path.chmod(0o600)
    return games


def write_config(folder, port, ws_port=None, codes=("DEMO",), host="127.0.0.1"):
    """The broker's config, password file and ACL in folder; returns the config's path."""
    folder = Path(folder).resolve()
    (folder / "data").mkdir(parents=True, exist_ok=True)
    games = credentials(folder, codes)
    pw = folder / "passwords"
    lines = []
    for code in sorted(games):
        for seat in SEATS:
            lines.append("%s-%s:%s" % (code, seat, games[code][seat]))
    pw.write_text("\n".join(lines) + "\n")
    subprocess.run([shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd", "-U", str(pw)],
                   check=True, capture_output=True)  # hashes the plain passwords in place
    acl = []
    for code in sorted(games):
        for seat in SEATS:
            acl += ["user %s-%s" % (code, seat), "topic read kc/%s/#" % code]
            # a seat writes only under its own name (the topic proves the sender); a watcher only asks
            acl += ["topic write kc/%s/%s/ctl" % (code, seat)] if seat == "watch" else \
                ["topic write kc/%s/%s/#" % (code, seat)]
            acl.append("")
    (folder / "acl").write_text("\n".join(acl))
    conf = ["# written by companion broker (host_tools/broker.py)",
            "user %s" % getpass.getuser(),  # started as root, it would switch to user mosquitto
            "per_listener_settings false", "allow_anonymous false",
            "password_file %s" % pw, "acl_file %s" % (folder / "acl"),
            "persistence true", "persistence_location %s/" % (folder / "data"), "autosave_interval 1",
            "max_packet_size %d" % MAX_PACKET, "set_tcp_nodelay true", "log_dest file %s" % (folder / "mosquitto.log"),
            "listener %d %s" % (port, host)]
    if ws_port:
        conf += ["listener %d %s" % (ws_port, host), "protocol websockets"]
    path = folder / "mosquitto.conf"
    path.write_text("\n".join(conf) + "\n")
    for code in games:
        for seat in SEATS:
            board = {"game": code, "seat": None if seat == "watch" else seat, "broker": host, "port": port,
                     "user": "%s-%s" % (code, seat), "password": games[code][seat]}
            f = folder / ("%s-%s.json" % (code, seat))
            f.write_text(json.dumps({"remote": board}, indent=1) + "\n")
            f.chmod(0o600)
    return path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, proc=None, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError("mosquitto stopped at once (exit %s)" % proc.returncode)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.02)
    raise TimeoutError("mosquitto did not listen on port %d" % port)


def start(conf, port):
    proc = subprocess.Popen([mosquitto(), "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wait_port(port, proc)
    return proc


def register(sub):
    p = sub.add_parser("broker", help="run Mosquitto for remote play (docs/remote.md)")
    p.add_argument("--port", type=port, default=1883)
    p.add_argument("--ws-port", type=port, default=9001, help="the WebSocket listener for the browser page")
    p.add_argument("--dir", default="artifacts/broker", help="config, credentials and persistence (default %(default)s)")
    p.add_argument("--game", action="append", default=[], metavar="CODE",
                   help="a game code to make credentials for (repeatable; default DEMO)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: the whole network)")
    p.set_defaults(func=run)


def run(args):
    for code in args.game:
        why = code_problem(code)
        if why:
            print("companion broker: --game %r: %s" % (code, why))
            return 2
    try:
        conf = write_config(args.dir, args.port, args.ws_port, args.game or ["DEMO"], args.host)
        exe = mosquitto()
    except (FileNotFoundError, subprocess.CalledProcessError, OSError) as e:
        print("companion broker: %s" % e)
        return 1
    print("companion broker: Mosquitto on %s:%d (MQTT) and :%d (WebSocket); config %s" % (
        args.host, args.port, args.ws_port, conf))
    print("each board's remote settings (with its password): %s/CODE-SEAT.json" % Path(args.dir))
    return subprocess.call([exe, "-c", str(conf)])
