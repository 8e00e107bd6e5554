"""Scenarios that run unchanged under CPython and MicroPython.

Each module here has `run_all()`, returning a dict of JSON-able results
(states after each step, error messages, scores). Its assertions check the
exact expected states; tests/test_both_interpreters.py also runs it under
MicroPython and requires the very same results. Write them in the subset
both interpreters share (no f-string '=', no dataclasses, no match).
"""
