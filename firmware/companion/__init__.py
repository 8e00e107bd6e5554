"""The board-game companion: rules core, app and hardware drivers."""
