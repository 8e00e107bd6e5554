"""The app: play (App), the menu, the board check, saving: what a press means and what the board shows."""
