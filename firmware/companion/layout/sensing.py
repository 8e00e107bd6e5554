"""Checks of a sensing board: the profile's sensor chain ("sensors") and the
layout's sensor bits ("sense" on each sensed element). Problems as check.py's:
(entry, problem, hint) in plain ASCII.

A sensed element has two bits in the chain, `"sense": [white, black]`: the
bit of the hall switch's output for a north pole (a white stick, magnet
north down) and for a south pole (black). Bit k is input k % 8 (D0..D7) of
the k // 8-th 74HC165, counted from the one whose Q7 goes to the board's
data GPIO (docs/hardware.md, "The sensing board"). A third bit,
`"sense": [white, black, tall]`, is a second switch under the element that
sees a tall piece (Rukuni's towers, their magnet off the centre)."""

from .common import MAX_GPIO, entry_name, is_int, show

MAX_CHIPS = 32  # 256 bits: above any board (Kahuna needs 7 chips, Rukuni's 61 cells 23: three bits each)
MAX_SENSE_BIT = 1023  # bounds a bit before anything is sized from it
SENSOR_KINDS = ("hc165",)


def sensor_bits(profile):
    """How many sensor bits the profile's chain has, or 0 (no sensors, or unusable ones)."""
    s = profile.get("sensors") if isinstance(profile, dict) else None
    if not isinstance(s, dict) or s.get("kind") not in SENSOR_KINDS or not is_int(s.get("chips")) \
            or not 1 <= s["chips"] <= MAX_CHIPS:
        return 0
    return 8 * s["chips"]


def check_sensors(profile, out, chip):
    """The profile's "sensors" object, if any: a 74HC165 chain's GPIOs and length."""
    s = profile.get("sensors")
    if s is None:
        return
    if not isinstance(s, dict):
        out.append(("sensors", "is %s, not an object" % show(s),
                    "leave it out, or write it as {\"kind\": \"hc165\", \"clock\": ..., \"load\": ..., "
                    "\"data\": ..., \"chips\": ...} (docs/layouts.md)"))
        return
    if s.get("kind") not in SENSOR_KINDS:
        out.append(("sensors.kind", "unknown sensor wiring %s" % show(s.get("kind")),
                    "use \"hc165\": a chain of 74HC165 shift registers"))
        return
    for key in ("clock", "load", "data"):
        v = s.get(key)
        if not is_int(v) or not 0 <= v <= MAX_GPIO:
            out.append(("sensors." + key, "%s is not a GPIO number" % show(v),
                        "give the GPIO wired to the chain's %s as a whole number 0..%d"
                        % ({"clock": "CP (clock)", "load": "PL (parallel load)", "data": "first Q7"}[key],
                           MAX_GPIO)))
    chips = s.get("chips")
    if not is_int(chips) or not 1 <= chips <= MAX_CHIPS:
        out.append(("sensors.chips", "%s is not a number of 74HC165s in the chain" % show(chips),
                    "give how many chips the chain has, 1..%d (8 sensor bits each)" % MAX_CHIPS))
    clock = s.get("clock")
    load = s.get("load")
    if chip == "rp2040" and is_int(clock) and is_int(load) and load != clock + 1:
        out.append(("sensors.load", "GPIO %s does not follow the clock's GPIO %s" % (show(load), show(clock)),
                    "wire PL to GPIO %s: the PIO drives CP and PL as two side-set pins in a row" % show(clock + 1)
                    if is_int(clock) and clock < MAX_GPIO else "wire PL to the GPIO after CP's"))


def groups(layout):
    """[(group key, [(entry name, element)])] of every list of objects in the layout."""
    out = []
    for key in sorted(layout):
        items = layout[key]
        if isinstance(items, list) and items and isinstance(items[0], dict):
            word = {"islands": "island", "connections": "connection", "cells": "cell", "sites": "site",
                    "controls": "control"}.get(key, key)
            out.append((key, [(entry_name(key, word, i, items[i]), items[i]) for i in range(len(items))
                              if isinstance(items[i], dict)]))
    return out


def check_sense(layout, profile, out):
    """The layout's sensor bits: each bit used once, both bits of an element different, every element of
    a sensed group sensed, and (with a profile that has sensors) every bit in
    its chain."""
    nbits = sensor_bits(profile) if profile is not None else 0
    owner = {}
    for key, elements in groups(layout):
        sensed = [entry for entry, e in elements if "sense" in e]
        if sensed and len(sensed) < len(elements) or sensed and key == "controls":
            for entry, e in elements:
                if key == "controls" and "sense" in e:
                    out.append((entry, "a control has \"sense\"", "only the board's pieces are sensed: "
                                "remove \"sense\" from the controls"))
                elif "sense" not in e and key != "controls":
                    out.append((entry, "has no \"sense\", though %d other %s have theirs" % (len(sensed), key),
                                "give every one of the %s its two sensor bits, \"sense\": [white, black]" % key))
        for entry, e in elements:
            if "sense" not in e:
                continue
            bits = e["sense"]
            if not isinstance(bits, list) or len(bits) not in (2, 3) or not all(
                    is_int(b) and 0 <= b <= MAX_SENSE_BIT for b in bits):
                out.append((entry, "\"sense\" is %s, not two sensor bits" % show(bits),
                            "give the bits of its hall switch's two outputs, \"sense\": [white, black], "
                            "whole numbers 0..%d (a third: a tall piece's switch)" % MAX_SENSE_BIT))
                continue
            if bits[0] == bits[1]:
                out.append((entry, "both sensor bits are %d" % bits[0],
                            "a white (north) and a black (south) stick need a bit each"))
                continue
            if len(bits) == 3 and bits[2] in bits[:2]:
                out.append((entry, "the tall piece's sensor bit %d is also a pole's" % bits[2],
                            "give the tall piece's switch a bit of its own"))
                continue
            for b in bits:
                if b in owner:
                    out.append((entry, "sensor bit %d is also used by %s" % (b, owner[b]),
                                "give every element its own two bits of the chain"))
                else:
                    owner[b] = entry
                if nbits and b >= nbits:
                    out.append((entry, "sensor bit %d is beyond the profile's %d 74HC165s (bits 0..%d)"
                                % (b, nbits // 8, nbits - 1),
                                "use a bit below %d or give the profile's \"sensors\" more \"chips\"" % nbits))


def sensed_count(layout):
    """How many elements name sensor bits."""
    return sum(len([1 for _, e in elements if "sense" in e]) for _, elements in groups(layout))


def sensor_bit_count(layout):
    """How many sensor bits the elements name (two each, three with a tall piece's switch)."""
    return sum(sum(len(e["sense"]) for _, e in elements if isinstance(e.get("sense"), list))
               for _, elements in groups(layout))
