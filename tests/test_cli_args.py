"""Numbers on the command line: a count of games or a port that cannot be is
refused by argparse with what to give (exit status 2), before any work starts.
Found by trying odd values: `selfplay --games -3` printed "-3 games",
`remote-soak --games 0` and `sim --port 99999` ended in "internal error"."""

import pytest

from host_tools.cli import main

CASES = [
    (["selfplay", "--games"], ["0", "-3", "many", "100001"], "is not a number of games: give 1 to 100000"),
    (["remote-soak", "--games"], ["0", "-1", "100001"], "is not a number of games: give 1 to 100000"),
    (["remote-soak", "--moves"], ["0", "98", "all"], "is not a number of moves: give 1 to 97"),
    (["remote-soak", "--think"], ["-1", "60001"], "is not a time in ms: give 0 to 60000"),
    (["remote-soak", "--seconds"], ["0"], "is not a time in seconds: give 1 to 3600"),
    (["remote-soak", "--workers"], ["0", "65"], "is not a number of client processes: give 1 to 64"),
    (["sim", "--port"], ["99999", "-1", "http"], "is not a TCP port: give 1..65535"),
    (["broker", "--port"], ["0", "65536"], "is not a TCP port: give 1..65535"),
    (["broker", "--ws-port"], ["70000"], "is not a TCP port: give 1..65535"),
]


@pytest.mark.parametrize("command, values, said", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_a_number_that_cannot_be_is_refused_before_any_work(command, values, said, capsys):
    for value in values:
        with pytest.raises(SystemExit) as stop:
            main(command + [value])
        assert stop.value.code == 2
        assert "%r %s" % (value, said) in capsys.readouterr().err
