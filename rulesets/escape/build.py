"""The escape ruleset's build side: what the pipeline asks of it.

Imported only by the pipeline (never by the server): content kinds and
checks (`CONTENT`), render jobs, manifest entries and painter elements
(`RENDER`), the TTS table plan, saves and section (`TABLE`).
"""
from __future__ import annotations

from .kinds import CONTENT  # noqa: F401
from .render import RENDER  # noqa: F401
from .tts import TABLE  # noqa: F401
