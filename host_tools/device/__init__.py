"""The device side: a MicroPython board over USB.

    flash.py, flash_command.py   `companion flash` (make flash/deploy) and `companion repl`
    look.py                      the new game's look flash gives a board without a game
    connection.py                finding and opening a board (mpremote's serial transport)
    devices_command.py           `companion devices`: the boards connected
    mip_package.py               firmware/package.json (`python -m host_tools.device.mip_package`)
    virtual_device.py, .mjs      `companion virtual-device`: MicroPython in Node on a
                                 pseudo-terminal, a board for trying all of the above
"""
