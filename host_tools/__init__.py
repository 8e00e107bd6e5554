"""Host-side tools of the companion (CPython): the `companion` command and its parts.

    cli.py          `companion`: one sub-command per part below
    paths.py        where the project's folders are; loading a layout by name or path
    files.py        reading a user's file: every way it can be unreadable, said plainly
    argtypes.py     numbers on the command line (a count of games, a port), checked
    micropython.py  running code under the real MicroPython (WebAssembly port via
                    Node: mpy_wasm.mjs; or the native unix port), for tests and bench
    replay/         `companion replay`: game logs replayed, printed, viewed by a player
    draw/           SVG/PNG pictures: a layout's wiring guide, a game's board
    layout/         `companion layout check|draw`: board layouts for builders
    device/         the board over USB: flash, repl, devices, the mip package,
                    and the virtual device (MicroPython on a pseudo-terminal)
    sim/            `companion sim`: the browser simulator's server and page
    bench/          `companion bench`: cost per event, memory and size
    selfplay/       `companion selfplay`: Kahuna's digital deck, AI against AI

Only cli.py knows all parts; parts import paths, files, argtypes, micropython and draw, never cli.
"""
