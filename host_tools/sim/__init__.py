"""`companion sim` (server.py): serves the browser simulator, the page in
page/ running the unmodified firmware in MicroPython's WebAssembly port."""
