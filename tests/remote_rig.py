"""The parts of the broker tests: a real Mosquitto on a free loopback port, a TCP
proxy that cuts and stalls, and boards as native MicroPython processes
(tests/remote_board.py). Every wait is bounded; everything started is stopped."""

import json
import os
import select
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

from host_tools import broker as mqtt_broker
from host_tools import vendor
from host_tools.micropython import native_binary
from host_tools.paths import ROOT

BOARD = ROOT / "tests" / "remote_board.py"


class Broker:
    def __init__(self, folder, codes=("K7Q2",), ws=False, host="127.0.0.1", seats=("white", "black")):
        self.port = mqtt_broker.free_port()
        self.ws_port = mqtt_broker.free_port() if ws else None
        self.folder = Path(folder)
        self.conf = mqtt_broker.write_config(folder, self.port, self.ws_port, codes, host, seats=seats)
        self.games = json.loads((self.folder / "games.json").read_text())
        self.proc = None
        self.start()

    def start(self):
        self.proc = mqtt_broker.start(self.conf, self.port)
        if self.ws_port:
            mqtt_broker.wait_port(self.ws_port, self.proc)

    def kill(self):
        """SIGKILL: no goodbye, no last save (persistence keeps what autosave wrote)."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(5)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)

    def remote(self, code, seat, port=None):
        s = seat or "watch"
        seats = [x for x in self.games[code] if x != "watch"]
        return {"game": code, "seat": seat, "broker": "127.0.0.1", "port": port or self.port,
                "user": "%s-%s" % (code, s), "password": self.games[code][s], "keepalive": 2, "seats": seats}


class Proxy(threading.Thread):
    """Between a board and the broker: pass, stall (hold every byte) or cut (close all, refuse new)."""

    def __init__(self, target_port):
        super().__init__(daemon=True)
        self.target = target_port
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.port = self.listener.getsockname()[1]
        self.mode = "pass"
        self.pairs = {}  # socket -> its peer
        self.running = True
        self.cuts = self.stalls = 0
        self.start()

    def cut(self):
        self.cuts += 1
        self.mode = "cut"
        self._close_all()

    def stall(self):
        self.stalls += 1
        self.mode = "stall"

    def resume(self):
        self.mode = "pass"

    def stop(self):
        self.running = False
        self.join(2)
        self._close_all()
        self.listener.close()

    def _close_all(self):
        for s in list(self.pairs):
            try:
                s.close()
            except OSError:
                pass
        self.pairs.clear()

    def run(self):
        while self.running:
            reading = [self.listener] + ([] if self.mode == "stall" else list(self.pairs))
            try:
                ready = select.select(reading, [], [], 0.02)[0]
            except (OSError, ValueError):
                continue
            for s in ready:
                if s is self.listener:
                    a = self.listener.accept()[0]
                    if self.mode == "cut":
                        a.close()
                        continue
                    try:
                        b = socket.create_connection(("127.0.0.1", self.target), timeout=1)
                    except OSError:
                        a.close()
                        continue
                    self.pairs[a] = b
                    self.pairs[b] = a
                    continue
                peer = self.pairs.get(s)
                if peer is None:
                    continue
                try:
                    data = s.recv(65536)
                    if data:
                        peer.sendall(data)
                        continue
                except OSError:
                    pass
                for x in (s, peer):
                    self.pairs.pop(x, None)
                    x.close()


class Board:
    """A board process; out holds its stdout lines, read by a thread."""

    def __init__(self, folder, remote, target, seed=3, heap="512K", seat_ms=None, layout="kahuna"):
        self.root = Path(folder)
        self.root.mkdir(parents=True, exist_ok=True)
        self.cfg = self.root.parent / (self.root.name + ".json")
        self.cfg.write_text(json.dumps({"root": str(self.root), "layouts": str(ROOT / "board_layouts"),
                                        "seed": seed, "target": target, "remote": remote, "seat_ms": seat_ms,
                                        "layout": layout}))
        self.heap = heap
        self.out = []
        self.proc = None
        self.starts = 0
        self.start()

    def start(self):
        env = dict(os.environ, MICROPYPATH="%s:%s:.frozen" % (ROOT / "firmware", vendor.umqtt()))  # (.frozen: ssl)
        self.proc = subprocess.Popen([native_binary(), "-X", "heapsize=" + self.heap, str(BOARD), str(self.cfg)],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.starts += 1
        threading.Thread(target=self._read, args=(self.proc,), daemon=True).start()

    def _read(self, proc):
        for line in proc.stdout:
            self.out.append(line.rstrip("\n"))

    def power_cut(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(5)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)

    def n(self):
        for line in reversed(self.out):
            if line.startswith("N "):
                return int(line.split()[1])
        return 0

    def said(self, prefix):
        return [line for line in self.out if line.startswith(prefix)]

    def log(self):
        from companion.store.files import saved_log

        return saved_log(str(self.root))


def wait_until(pred, timeout, what, boards=()):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        for b in boards:
            if b.proc.poll() is not None:
                raise AssertionError("board stopped (exit %s): %s" % (b.proc.returncode, "\n".join(b.out[-15:])))
        time.sleep(0.02)
    raise AssertionError("timed out waiting for %s; boards said:\n%s" % (
        what, "\n---\n".join("\n".join(b.out[-12:]) for b in boards)))
