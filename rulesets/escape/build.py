"""The escape ruleset's build side: what the pipeline asks of it.

Imported only by the pipeline (never by the server). So far escape has its
content (`CONTENT`: kinds, checks, compile, counts); its card faces and
table plan are still to come.
"""
from __future__ import annotations

from .kinds import CONTENT  # noqa: F401
