"""Rendering: card faces, backs, room tiles, character boards, deck sheets
and the asset manifest (see docs/ARCHITECTURE.md, "Asset manifest")."""
from __future__ import annotations


def build(ruleset, root, build_dir, jobs=None, **kw) -> dict:
    """Render everything `ruleset` needs into build_dir/assets; returns the
    manifest (also written to build_dir/assets/manifest.<ruleset>.json)."""
    from .stage import build as _build
    return _build(ruleset, root, build_dir, jobs=jobs, **kw)
