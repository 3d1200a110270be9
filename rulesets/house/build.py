"""The house ruleset's build side: what the pipeline asks of it.

Imported only by the pipeline (never by the server): content kinds and
checks, render jobs and layouts, the TTS table plan and its objects.
"""
from __future__ import annotations

from .kinds import CONTENT  # noqa: F401
