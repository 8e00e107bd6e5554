"""Pictures of boards as SVG (or PNG through cairosvg): board.py draws a
layout's wiring guide and a game state; hex.py adds Rukuni's groups; svg.py
holds what both share. Used by `companion replay -o` and `companion layout draw`."""
