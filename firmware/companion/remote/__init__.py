"""Remote play, a plug-in: the protocol (protocol), the broker link (link), the seat on the App (seat)."""
