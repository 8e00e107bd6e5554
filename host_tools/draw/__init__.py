"""Pictures of boards as SVG (or PNG through cairosvg), for `companion replay -o`
and `companion layout draw`.

    board.py     a layout's wiring guide and a game's state
    hex.py       Rukuni's groups and scores over a drawn hex board
    problems.py  a broken layout's wiring guide with its problems marked
    svg.py       what they all share (ink, numbers, text)
"""
