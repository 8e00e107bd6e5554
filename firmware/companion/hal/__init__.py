"""Drivers: buttons, LEDs, display; sim.py is the simulated HAL; board.py
builds the real ones from a hardware profile (it alone imports machine)."""
