"""Layout files (`layouts/*.yaml`): loaded once per process, with a digest.

The digest of a layout is part of the hash of every image drawn with it, so
editing a layout re-renders exactly the images that use it.
"""
from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

import yaml

LAYOUT_DIR = Path(__file__).resolve().parents[2] / "layouts"


@functools.lru_cache(maxsize=None)
def load(name: str, root: str | None = None) -> dict:
    path = (Path(root) / "layouts" if root else LAYOUT_DIR) / f"{name}.yaml"
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(f"layout file missing: {path}") from None


@functools.lru_cache(maxsize=None)
def digest(name: str) -> str:
    """Digest of a layout's data (not its file bytes: comments may change freely)."""
    data = json.dumps(load(name), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


@functools.lru_cache(maxsize=None)
def renderer_version() -> str:
    """Digest of the renderer's own source: any code change re-renders."""
    h = hashlib.sha256()
    for f in sorted(Path(__file__).parent.glob("*.py")):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:12]
