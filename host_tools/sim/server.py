"""`companion sim`: serve the browser simulator on 127.0.0.1.

The page (host_tools/sim/page/) runs the unmodified firmware in the MicroPython
WebAssembly port. Everything it needs is served from the project itself:
the page, the port's files from node_modules, firmware/ and board_layouts/.
Nothing is fetched from elsewhere, so it works offline. A Kahuna game's
log posted to /review comes back as its `companion review` page.
"""

import html
import json
import signal
import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

from companion.core.log import LogError

from ..argtypes import port_or_free
from ..paths import FIRMWARE, LAYOUTS, ROOT
from ..review import review_page
from ..review_words import LANGS, speaker

PAGE = ROOT / "host_tools" / "sim" / "page"
MPY_PORT = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

# URL prefix -> directory served under it
MOUNTS = {
    "/mpy/": MPY_PORT,
    "/mqtt/": ROOT / "node_modules" / "mqtt" / "dist",  # remote play (remote.js): MQTT over WebSockets
    "/firmware/": FIRMWARE,
    "/board_layouts/": LAYOUTS,
    "/": PAGE,
}
SKIP = ("__pycache__",)
REVIEW_LIMIT = 4 << 20  # bytes of a posted log: a whole game is some 10 KB
REVIEW_NAME = "the simulator's game"


def manifest():
    """The files the page copies into the port's filesystem, as URL paths."""
    files = []
    for prefix, base in (("/firmware/", FIRMWARE), ("/board_layouts/", LAYOUTS)):
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(base)
            if path.is_file() and not any(part in SKIP for part in rel.parts) and path.suffix != ".pyc":
                files.append(prefix + rel.as_posix())
    return {"files": files}


class Handler(SimpleHTTPRequestHandler):
    extensions_map = dict(SimpleHTTPRequestHandler.extensions_map, **{
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".py": "text/plain; charset=utf-8", ".json": "application/json",
        ".jsonl": "text/plain; charset=utf-8",
    })

    def translate_path(self, path):
        path = path.split("?", 1)[0].split("#", 1)[0]
        for prefix, base in MOUNTS.items():
            if path.startswith(prefix):
                self.directory = str(base)
                return SimpleHTTPRequestHandler.translate_path(self, "/" + path[len(prefix):])
        return SimpleHTTPRequestHandler.translate_path(self, path)

    def do_GET(self):
        if self.path.split("?", 1)[0] == "/manifest.json":
            body = json.dumps(manifest()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        SimpleHTTPRequestHandler.do_GET(self)

    def do_POST(self):
        """/review: the page's "Review this game" (a form with the log, opened in a new tab)."""
        if self.path.split("?", 1)[0] != "/review":
            self.send_error(404, "nothing to post here")
            return
        size = int(self.headers.get("Content-Length") or 0)
        if size > REVIEW_LIMIT:
            self.send_error(413, "a log of over %d bytes is not reviewed here: use companion review" % REVIEW_LIMIT)
            return
        form = parse_qs(self.rfile.read(size).decode("utf-8", "replace"))
        code = form.get("lang", ["en"])[0]  # the page's language (its form's field)
        code = code if code in LANGS else "en"
        try:
            status, body = 200, review_page(form.get("log", [""])[0].encode(), REVIEW_NAME, code)
        except LogError as e:
            status = 400
            say = speaker(code)
            head = html.escape(say("No review"), quote=False)
            body = ("<!DOCTYPE html><html lang='%s'><head><meta charset='utf-8'><title>%s</title></head><body>"
                    "<h1>%s</h1><p>%s</p></body></html>\n"
                    % (code, head, head, html.escape(say("The game's log: %s" % e), quote=False)))
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def end_headers(self):
        # The firmware changes while people work on it: never serve a stale copy.
        self.send_header("Cache-Control", "no-store")
        SimpleHTTPRequestHandler.end_headers(self)

    def log_message(self, fmt, *args):
        if self.quiet:
            return
        SimpleHTTPRequestHandler.log_message(self, fmt, *args)


def register(sub):
    p = sub.add_parser("sim", help="serve the browser simulator (the real firmware in MicroPython/WebAssembly)")
    p.add_argument("--port", type=port_or_free, default=8000, help="TCP port (default 8000; 0 picks a free one)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--verbose", action="store_true", help="log every request")
    p.set_defaults(func=run)


def missing_files():
    need = [MPY_PORT / "micropython.mjs", MPY_PORT / "micropython.wasm", PAGE / "index.html"]
    return [str(p) for p in need if not p.exists()]


def run(args):
    missing = missing_files()
    if missing:
        print("companion sim: missing %s; run `make setup` (it runs npm ci) first" % ", ".join(missing),
              file=sys.stderr)
        return 2
    handler = partial(Handler, directory=str(PAGE))
    Handler.quiet = not args.verbose
    try:
        server = ThreadingHTTPServer((args.host, args.port), handler)
    except OSError as e:
        print("companion sim: cannot listen on %s:%d: %s (choose another with --port, or PORT= for make sim)"
              % (args.host, args.port, e.strerror), file=sys.stderr)
        return 2
    # Ctrl-C stops the server even when started from a script that ignores SIGINT;
    # SIGTERM stops it the same way.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    host, port = server.server_address[:2]
    print("Simulator running; open this address in a browser (Ctrl-C stops it):")
    print("http://%s:%d/" % (host, port), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nsimulator stopped")
    finally:
        server.server_close()
    return 0
