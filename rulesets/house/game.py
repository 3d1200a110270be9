"""The house's fixed vocabulary, defined once for every part of the ruleset:
the four traits (R-SETUP-3), the three floors (R-PLACE-1), the sides of a
tile, the card decks. Their names in each locale are content (terms.yaml)."""
from __future__ import annotations

TRAITS = ("might", "speed", "knowledge", "sanity")
PHYSICAL = ("might", "speed")        # R-FIGHT-5
MENTAL = ("knowledge", "sanity")
FLOORS = ("basement", "ground", "upper")
SIDES = ("N", "E", "S", "W")         # at rotation 0, north first, clockwise
DECKS = ("event", "item", "omen")
