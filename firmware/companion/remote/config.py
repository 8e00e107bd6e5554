"""The settings of a remote game (a board's /config.json, the seat's file that
`companion broker` writes, a page's address), checked the same way wherever
they come from (docs/remote.md, "Credentials and the device's config")."""

from .protocol import WATCH

CODE_MAX = 16  # a game code: a topic level, a file name and part of a user name


def code_problem(code):
    """None if code can name a game, else why not."""
    if isinstance(code, str) and 0 < len(code) <= CODE_MAX:
        for c in code:
            if not ("a" <= c.lower() <= "z" or "0" <= c <= "9" or c in "-_"):
                break
        else:
            return None
    return "a game code is 1 to %d letters, digits, '-' or '_'" % CODE_MAX


def config_problem(config):
    """None if config (a board's /config.json, or the seat's file `companion
    broker` wrote) can join a remote game, else what is wrong, in words
    (never a value: the file holds passwords)."""
    r = config.get("remote") if isinstance(config, dict) else None
    if not isinstance(r, dict):
        return 'no "remote" object'
    why = code_problem(r.get("game"))
    if why:
        return '"game": ' + why
    if r.get("seat") is not None and (code_problem(r["seat"]) or r["seat"] == WATCH):
        return '"seat" is a seat\'s name ("white", "black", ...) or null (a spectator)'
    seats = r.get("seats", [])  # (which seats a game has: remote/games.py, at the join)
    if not isinstance(seats, list) or len(seats) > 4 or [1 for s in seats if code_problem(s) or s == WATCH]:
        return '"seats" is a list of up to 4 seat names'
    for key in ("broker", "user", "password", "ca"):
        if key in r and not isinstance(r[key], str):
            return '"%s" is not text' % key
    if "ca" in r and not r["ca"].startswith("-----BEGIN CERTIFICATE-----"):
        return '"ca" is not a PEM certificate (the broker\'s tls/ca.pem)'
    for key, top in (("port", 65535), ("keepalive", 3600)):
        v = r.get(key, 1)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= top:
            return '"%s" is not a number from 1 to %d' % (key, top)
    wifi = config.get("wifi", {})
    if not isinstance(wifi, dict) or not isinstance(wifi.get("ssid", ""), str) \
            or not isinstance(wifi.get("password", ""), str):
        return '"wifi" is not {"ssid": "...", "password": "..."}'
    return None
