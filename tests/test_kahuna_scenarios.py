"""The Kahuna scenarios under CPython (their own asserts check exact states)."""

from tests.scenarios import kahuna_scenarios as k


def test_worked_example():
    steps = k.worked_example()
    assert len(steps) == 5


def test_refusals_say_why():
    reasons = k.refusals()
    assert "already holds a white stick" in reasons[0]
    assert "empty" in reasons[1]
    assert "unknown connection" in reasons[2]
    assert "unknown op" in reasons[3]
    assert "unknown connection" in reasons[4]
