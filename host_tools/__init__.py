"""Host-side tools of the companion (CPython): CLI, simulator, flashing, checks."""
