"""Self-play: Kahuna with the digital deck, AI against AI (`companion selfplay`)."""
