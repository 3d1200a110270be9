"""The house ruleset engine (rules digest R-…): pure, seeded, replayable."""
from .engine import apply, apply_in_place, is_over, legal_actions, new_table, view

__all__ = ["new_table", "apply", "apply_in_place", "legal_actions", "view", "is_over"]
