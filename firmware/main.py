# Entry point on the device: start the companion (see docs/firmware.md).
from companion import lit

lit.show()  # the saved game's look first (lit.py), then the firmware loads
from companion import pack  # noqa: E402

pack.mount()  # the other modules from one file (pack.py), if `companion flash` put it there
pack.load("boot").run()
