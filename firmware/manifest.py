# Freezes the companion package into a custom MicroPython build (docs/flashing.md):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/checkout/firmware/manifest.py
# The port's own manifest comes first, so the build keeps what it normally freezes.
# main.py, the layout and the profile stay on the filesystem: `companion flash --no-modules`.
include("$(PORT_DIR)/boards/manifest.py")
package("companion")
