"""The game on flash: the log in pieces and raw blocks (log_store), checkpoint and clock, the saved look (lit), settings."""
