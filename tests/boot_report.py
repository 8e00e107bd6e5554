# One boot of a save directory, as a board boots, at the heap it is run with
# (tests/test_save_dir_fuzz.py): argv folder, game[, "raw"]. In the folder:
# games/ (the store), or with "raw" flash (a littlefs image holding /games, its
# log in raw blocks); the report goes to r: ["ok", said, lines and state after
# boot, lines and state after a press], ["halt", said] or ["crash", what].
# Every boot runs inside its own folder, so that all see the same paths.
import gc
import os
import sys

os.chdir(sys.argv[1])
board = sys.argv[2]


def boot():
    from companion import boot
    root = "games"
    if len(sys.argv) > 3:  # the store on littlefs with its raw log blocks, as on rp2
        import vfs
        from companion.store import blocks
        from fileflash import FileFlash
        blocks.PAGE = 256
        dev = FileFlash("flash")
        vfs.mount(vfs.VfsLfs2(dev, progsize=256, readsize=32), "/fl")
        plain = boot.boot_app
        boot.boot_app = lambda layout, store, seed, layouts: plain(layout, store, seed, layouts, dev)
        root = "/fl/games"
    loop = boot.start_sim(board, root, "../board_layouts", lambda: 1)
    app = loop.app
    if getattr(app, "game", None) is None:
        return ["halt", getattr(app, "said", "")]
    got = ["ok", app.said, app.store.n, app.game.state()]
    scanner = loop.buttons.scanner
    scanner.press(0)  # a press after boot works as on any board
    for t in range(2, 80, 2):
        loop.step(t)
    scanner.release(0)
    for t in range(80, 200, 2):
        loop.step(t)
    game = app.game
    n = app.store.n
    loop = app = scanner = None  # the report's own allocations must not be what runs out
    gc.collect()
    return got + [n, game.state()]


try:
    got = boot()
except Exception as e:  # noqa: BLE001 - a crash is the finding
    got = ["crash", "%s: %s" % (type(e).__name__, e)]
import json
with open("r", "w") as f:
    json.dump(got, f)
