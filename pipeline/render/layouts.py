"""Layout files, loaded once per process, with a digest.

A ruleset's layouts live in its folder (`rulesets/<name>/layouts/`); the
ones every game shares (credits card, thumbnail, deck back) in `layouts/`.
A name is looked up in the ruleset's folder first. The digest of a layout
is part of the hash of every image drawn with it, so editing a layout
re-renders exactly the images that use it.
"""
from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

import yaml

import rulesets

LAYOUT_DIR = Path(__file__).resolve().parents[2] / "layouts"


def search_path(ruleset: str | None) -> list[Path]:
    return ([rulesets.info(ruleset).layouts_dir] if ruleset else []) + [LAYOUT_DIR]


@functools.lru_cache(maxsize=None)
def load(name: str, ruleset: str | None = None) -> dict:
    for folder in search_path(ruleset):
        path = folder / f"{name}.yaml"
        if path.is_file():
            return yaml.safe_load(path.read_text(encoding="utf-8"))
    raise FileNotFoundError(f"layout file missing: {name}.yaml (looked in "
                            f"{', '.join(str(p) for p in search_path(ruleset))})")


@functools.lru_cache(maxsize=None)
def digest(name: str, ruleset: str | None = None) -> str:
    """Digest of a layout's data (not its file bytes: comments may change freely)."""
    data = json.dumps(load(name, ruleset), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


@functools.lru_cache(maxsize=None)
def renderer_version(ruleset: str | None = None) -> str:
    """Digest of the renderer's own source, and of the ruleset's top-level
    build modules (its jobs and painter elements): any code change re-renders."""
    h = hashlib.sha256()
    files = sorted(Path(__file__).parent.glob("*.py"))
    if ruleset:
        files += sorted(rulesets.info(ruleset).folder.glob("*.py"))
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:12]
