"""A new game's log begun a step at a time (Store.begin_step: the run
loop's New game lights the board first, then takes a step a call), each
step with one erase at most: the steps by name, in order (BEGIN). Apart
from log_store.py: a board loads it when a game begins, not at every boot
(every byte of code loaded at boot is heap)."""

import os

from . import files
from .. import crc32
from .archive import ARCHIVE

NOTHING = "nothing"  # a step with nothing to do: the next one runs in the same call


def begin_step(store, header):
    """One step of store.begin(header): True once the new log is in place.
    store.beginning: [the header, the next step's index in BEGIN, its line]."""
    step = store.beginning
    if step is not None and step[0] is not header:
        store.settle()  # the new log under way first (a game never played: dropped by this one)
        step = None
    if step is None:
        store._unlit()
        if not store.spare:  # (quiet time's spare folder is kept: the step that makes a folder is long)
            files.rmtree(store.dir + ".new")  # leftovers
        store.beginning = [header, 0, files.as_line(header).encode() + b"\n"]  # the header's line made once
        return False
    while True:
        done = BEGIN[step[1]](store)  # False: more of it next call; NOTHING: the next at once
        if done is False:
            return False
        step[1] += 1
        if step[1] == len(BEGIN):
            store.beginning = None
            return True
        if done is not NOTHING:
            return False


def new_folder(store):
    """The new log's folder: quiet time's spare (Store.maintain), else made now
    (a mkdir: an erase and littlefs's search for a free block, up to 65 ms)."""
    if store.spare:
        store.spare = False
        return NOTHING
    os.mkdir(store.dir + ".new")


def new_header(store):
    store._fresh(store.beginning[2], made=True)


def drop_unplayed(store):
    """The old game, if never played (its header only): not worth a place in the archive."""
    if store.n != 1:
        return NOTHING
    files.rmtree(store.dir)
    store.n = 0


def new_in_place(store):
    data = store.beginning[2]
    os.rename(store.dir + ".new", store.dir)  # (no spare folder now: quiet time makes the next)
    store.n = 1
    store.crc = crc32(data)
    store.tail = 0
    store.size = len(data)
    store.closed = []


# The steps, in order: the new folder, its header, the old game dropped
# (never played) or archived (archive.py's ARCHIVE: its side files, its log,
# the oldest archives pruned), the new folder in its place.
BEGIN = (new_folder, new_header, drop_unplayed) + ARCHIVE + (new_in_place,)
