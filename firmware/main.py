# Entry point on the device: start the companion (see docs/firmware.md).
# `companion flash` replaces it by one rename and keeps it this small: it
# is the one file an update cannot give a second copy of (docs/flashing.md).
try:
    from companion import lit
except ImportError:  # no /lib/companion: an update was cut between its two renames
    import os

    for staged in ("/lib/companion.new", "/lib/companion.old"):  # the new firmware (whole), else the old
        try:
            os.rename(staged, "/lib/companion")
            break
        except OSError:
            pass
    from companion import lit

lit.show()  # the saved game's look first (lit.py), then the firmware loads
from companion import pack  # noqa: E402

pack.mount()  # the other modules from one file (pack.py), if `companion flash` put it there
pack.load("boot").run()
