"""Text for the 16x8-character display."""


def wrap(text, width=16, rows=5):
    """Plain words on the display: word-wrapped, at most `rows` lines."""
    out = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out[:rows]
