"""The tones the app asks of the buzzer (App.tone; hal/buzzer.py TONES plays them)."""

ACCEPTED = 1
REFUSED = 2
MAJORITY = 3
SCORED = 4
OVER = 5
