"""Rendering: card faces and backs, a ruleset's other pieces and boards, deck sheets
and the asset manifest (see docs/ARCHITECTURE.md, "Asset manifest")."""
from __future__ import annotations

import sys


def build(ruleset, root, build_dir, jobs=None, content_path=None, **kw) -> dict:
    """Render everything `ruleset` needs into build_dir/assets; returns the
    manifest (also written to build_dir/assets/manifest.<ruleset>.json).

    Raises `errors.RenderError` listing every problem. Called as a stage of
    `python -m pipeline build` (which passes `content_path`), it prints those
    lines like the content check does and exits 1 instead of a traceback.
    """
    from .errors import RenderError
    from .stage import build as _build
    kw.pop("base_url", None)          # the saves' concern, not the images'
    try:
        return _build(ruleset, root, build_dir, jobs=jobs, **kw)
    except RenderError as e:
        if content_path is None:
            raise
        for line in e.lines:
            print(line, file=sys.stderr)
        print(f"{ruleset.name}: render stopped: {len(e.lines)} problem(s); manifest unchanged",
              file=sys.stderr)
        raise SystemExit(1) from None
