"""firmware/package.json, the mip package of the firmware: `python -m host_tools.device.mip_package` rewrites it.

It lists every file of firmware/companion, so that `mpremote mip install
firmware/package.json` (from a checkout) or `mpremote mip install
github:OWNER/REPO/firmware/package.json` puts the package into /lib/companion.
tests/test_flashing.py checks that the file is up to date.
"""

import json

from ..paths import FIRMWARE

PACKAGE_JSON = FIRMWARE / "package.json"
VERSION = "0.1.0"


def package_json():
    files = sorted(p.relative_to(FIRMWARE).as_posix() for p in (FIRMWARE / "companion").rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
    urls = ",\n".join("    " + json.dumps([f, f]) for f in files)
    return '{\n  "urls": [\n%s\n  ],\n  "deps": [],\n  "version": "%s"\n}\n' % (urls, VERSION)


if __name__ == "__main__":
    PACKAGE_JSON.write_text(package_json())
    print("wrote %s" % PACKAGE_JSON)
