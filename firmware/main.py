# Entry point on the device: start the companion (see docs/firmware.md).
from companion import runloop

runloop.run()
