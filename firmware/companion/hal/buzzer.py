"""An optional piezo buzzer on a PWM pin: short distinct tones, never blocking.

`pwm` is anything with freq(hz) and duty_u16(d): machine.PWM on the device,
sim.SimPWM in the simulator (the page plays what it is set to with Web
Audio). The app asks for a tone (app/tones.py ACCEPTED..OVER); the run loop calls
play() after the LEDs show the press, and tick() on every pass to move to
the next note. tick() allocates nothing.
"""

from .buttons import age

# tone -> (hz, ms, hz, ms, ...); 0 Hz is a rest. Index: app/tones.py's tone codes.
TONES = (
    (),
    (2093, 25),  # ACCEPTED: one short high click
    (330, 90, 0, 40, 220, 180),  # REFUSED: two low notes, falling
    (1319, 60, 1760, 90),  # MAJORITY: a rising pair
    (1047, 80, 1319, 80, 1568, 160),  # SCORED: a rising triad
    (1568, 120, 1319, 120, 1047, 120, 1568, 320),  # OVER: a little fanfare
)
DUTY = (0, 2000, 8000, 32768)  # volume 1..3 (a piezo is loudest at half duty)


class Buzzer:
    def __init__(self, pwm):
        self.pwm = pwm
        self.notes = TONES[0]
        self.i = 0
        self.at = 0
        self.duty = 0
        pwm.duty_u16(0)

    def play(self, tone, volume, now):
        """Start a tone (it cuts a playing one short); volume 1..3."""
        self.notes = TONES[tone]
        self.duty = DUTY[volume]
        self.i = 0
        self._note(now)

    def _note(self, now):
        self.at = now
        if self.i >= len(self.notes):
            self.notes = TONES[0]
            self.pwm.duty_u16(0)
            return
        hz = self.notes[self.i]
        if hz:
            self.pwm.freq(hz)
            self.pwm.duty_u16(self.duty)
        else:
            self.pwm.duty_u16(0)

    def tick(self, now):
        if self.notes and age(now, self.at) >= self.notes[self.i + 1]:
            self.i += 2
            self._note(now)
