"""The seats a TTS table has: its player colours (TTS's own names), in
TTS's order. A table's seats are some of these; every game uses them."""
from __future__ import annotations

COLOURS = ("White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink")
