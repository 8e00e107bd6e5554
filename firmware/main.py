# Entry point on the device: start the companion (see docs/firmware.md).
from companion import pack

pack.mount()  # the modules from one file (pack.py), if `companion flash` put it there
pack.load("lit").show()  # the saved game's look first (lit.py), then the firmware loads
pack.load("runloop").run()
