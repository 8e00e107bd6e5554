"""`companion layout check|draw` (command.py): a board layout checked against
the rules of firmware/companion/layout/, and its wiring guide drawn."""
