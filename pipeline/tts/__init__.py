"""The TTS stage: saves per ruleset and locale, Lua bundling, install, Workshop.

`build` is the stage `python -m pipeline build` calls after rendering;
`pipeline install-save` and `pipeline workshop` live in `cli`.
"""
from __future__ import annotations

import sys
from pathlib import Path


def build(ruleset, root, build_dir, content_path=None, base_url=None, **kw):
    """Write build/tts/<ruleset>.<locale>.json (+ thumbnails) and the table
    section (build/content/<ruleset>.tts.json). As a pipeline stage a problem is printed and exits 1 with
    nothing written; called directly it raises `stage.StageError`."""
    from .stage import StageError, build as _build
    name = getattr(ruleset, "name", ruleset)
    try:
        result = _build(name, Path(root), Path(build_dir), base_url=base_url)
    except StageError as exc:
        if content_path is None:
            raise
        print(f"{name}: tts: {exc}", file=sys.stderr)
        print(f"{name}: tts stopped; saves unchanged", file=sys.stderr)
        raise SystemExit(1) from None
    for path in result.saves:      # relative: a build writes into a staging copy of the build folder
        print(f"{name}: tts → {Path(path).relative_to(build_dir) if Path(path).is_relative_to(build_dir) else path}")
    return result
