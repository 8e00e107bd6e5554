# Entry point on the device: start the companion (see docs/firmware.md).
from companion import lit

lit.show()  # the saved game's look first (lit.py), then the firmware loads
from companion import runloop  # noqa: E402

runloop.run()
