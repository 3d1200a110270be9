"""The escape presenter (server side): the engine's events and views →
table instructions, chat lines and button labels (docs/RULESETS.md, §5)."""
from .labels import label
from .narrate import messages
from .ops import layout, ops

__all__ = ["ops", "messages", "layout", "label"]
