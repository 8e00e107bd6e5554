"""`companion replay`: a game log replayed to its state (command.py), and a
Duell log as one player sees it (views.py). Pictures come from host_tools.draw."""
