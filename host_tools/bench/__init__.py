"""`companion bench` (make bench; docs/bench.md): the firmware's cost per event, memory and size.

    command.py       the sub-command and its report
    measure.py       the measurements (MicroPython WebAssembly port, mpy-cross, CPython)
    cases.py         the scripted events measured for each game
    random_games.py  random legal games and logs, for the long-game figures
    timing.py        the press path and the idle loop per game (lines to the LED write)
    allocation.py    allocation in play over random full games of every game; the smallest native heap
    probe/           the MicroPython-side helper mounted at /lib/bench_probe
"""
