"""Shared fixtures: figures measured by tests are printed at the end of the run."""

import pytest

_FIGURES = []


@pytest.fixture(scope="session")
def figures():
    """Call figures(name, value, target) to have a measured figure reported."""
    def add(name, value, target=""):
        _FIGURES.append((name, value, target))
    return add


def pytest_terminal_summary(terminalreporter):
    if _FIGURES:
        terminalreporter.section("measured figures")
        for name, value, target in _FIGURES:
            terminalreporter.write_line("%-60s %10s   %s" % (name, value, target))
