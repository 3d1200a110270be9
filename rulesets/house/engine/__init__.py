"""The house ruleset engine (rules digest R-…): pure, seeded, replayable."""
from .engine import apply, apply_in_place, is_over, legal_actions, new_table, view
from .verbs import outcome, reveals, seated, to_act

__all__ = ["new_table", "apply", "apply_in_place", "legal_actions", "view", "is_over",
           "to_act", "seated", "outcome", "reveals"]
