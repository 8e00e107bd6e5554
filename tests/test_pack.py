"""The firmware's modules from one file (firmware/companion/pack.py): what
`companion flash` writes, read back by the pack's own file system, and real
imports from it under the native MicroPython unix port, with the fall-back to
the files for a pack that is cut short or damaged. On the emulated Pico every
chip test boots from the pack; tests/test_chip.py checks that it does."""

import io
import zlib

import pytest

from companion import pack
from host_tools.device import flash
from host_tools.micropython import run_native


@pytest.fixture(scope="module")
def board_files():
    """{path on the board: bytes} of a Kahuna board, as `companion flash` writes them."""
    return {f.remote: f.data for f in flash.firmware_files(flash.BoardData("kahuna", "pico"), 6, None)}


def test_the_pack_holds_every_compiled_module_as_flashed(board_files, tmp_path):
    path = tmp_path / pack.NAME
    path.write_bytes(board_files["/lib/companion/" + pack.NAME])
    modules = {p: data for p, data in board_files.items() if p.endswith(".mpy")}
    with open(path, "rb") as f:
        served = pack.Pack(f)
        assert sorted(served.files) == sorted(p[len("/lib/companion"):].encode() for p in modules)
        assert sorted(served.dirs) == [b"/", b"/app", b"/core", b"/hal", b"/layout", b"/remote", b"/store", b"/ui",
                                       b"/ui/lang"]
        for remote, data in modules.items():
            name = remote[len("/lib/companion"):]
            assert served.stat(name) == pack.FILE
            module, got, buf = served.open(name, "rb"), b"", bytearray(255)
            n = module.readinto(buf)
            while n:
                got += bytes(buf[:n])
                n = module.readinto(buf)
            assert got == data, name
        assert served.stat("/core") == pack.DIR
        for missing in ("/play", "/boot.py", "/core/boot.mpy", "/nothing"):
            with pytest.raises(OSError):
                served.stat(missing)


def test_a_damaged_module_fails_at_its_last_byte_and_a_cut_pack_is_refused(tmp_path):
    modules = [("a.mpy", b"M" + bytes(range(200)) * 3), ("sub/b.mpy", b"M\x06xyz")]
    whole = pack.pack(modules)
    assert whole[8:8 + int.from_bytes(whole[4:8], "little")].decode() == "a.mpy 601 %x;sub/b.mpy 5 %x" % (
        zlib.crc32(modules[0][1]), zlib.crc32(modules[1][1]))
    damaged = bytearray(whole)
    damaged[-100] ^= 1  # inside a.mpy
    path = tmp_path / "damaged.pak"
    path.write_bytes(damaged)
    with open(path, "rb") as f:
        module, buf, reads = pack.Pack(f).open("/a.mpy", "rb"), bytearray(255), 0
        with pytest.raises(OSError):
            while module.readinto(buf):
                reads += 1
        assert reads == 2  # the first two reads are served; the third, with the last byte, fails
    for name, data in (("cut.pak", whole[:-1]), ("long.pak", whole + b"\xff"), ("other.pak", b"PAK2" + whole[4:]),
                       ("empty.pak", b"")):
        (tmp_path / name).write_bytes(data)
        with open(tmp_path / name, "rb") as f, pytest.raises(ValueError):
            pack.Pack(f)


IMPORTS = """
import sys
from companion import pack
print("MOUNTED", pack.mount())
app = pack.load("app.play")
kahuna = pack.load("core.kahuna")
print("FROM", app.__file__, kahuna.__file__, kahuna.Kahuna.__name__)
"""


@pytest.mark.native
@pytest.mark.parametrize("damage", ["none", "module", "cut", "index length"])
def test_native_micropython_imports_from_the_pack_or_else_from_the_files(board_files, tmp_path, damage):
    for remote, data in board_files.items():
        if remote.startswith("/lib/"):
            (tmp_path / remote[1:]).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / remote[1:]).write_bytes(data)
    packed = tmp_path / "lib/companion" / pack.NAME
    data = bytearray(packed.read_bytes())
    if damage == "module":  # a byte of core/kahuna.mpy: app came from the pack already
        at, size, _ = pack.Pack(io.BytesIO(bytes(data))).files[b"/core/kahuna.mpy"]
        data[at + size // 2] ^= 0x40
    elif damage == "cut":
        del data[-1]
    elif damage == "index length":  # a bit of its top byte: an index of a GB, more than any heap
        data[7] ^= 0x40
    packed.write_bytes(data)
    out = run_native(IMPORTS, firmware=tmp_path / "lib")
    mounted = [line.split()[1:] for line in out.splitlines() if line.startswith(("MOUNTED", "FROM"))]
    files = str(tmp_path / "lib/companion")
    expected = {"none": [["True"], ["/pak/app/play.mpy", "/pak/core/kahuna.mpy", "Kahuna"]],
                "module": [["True"], ["/pak/app/play.mpy", files + "/core/kahuna.mpy", "Kahuna"]],
                "cut": [["False"], [files + "/app/play.mpy", files + "/core/kahuna.mpy", "Kahuna"]]}
    expected["index length"] = expected["cut"]
    assert mounted == expected[damage], out
