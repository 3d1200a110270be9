"""`Ruleset` → `build/content/<ruleset>.json`, the only content the server reads.

The output is a pure function of the sources: keys sorted, no timestamps,
every locale filled and every default written out, so the same YAML gives
byte-identical JSON and a changed byte in any source changes
`content_hash`. The hash also covers what the zh-Hant texts depend on (the
glossary, the OpenCC version) and `FORMAT`, bumped whenever this module
changes what it writes.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

from ..atomic import write_bytes
from .hant import conversion_fingerprint
from .model import LOCALES, Ruleset

FORMAT = 3      # 2: haunts write track, rules and monsters' carries_items; 3: terms
KINDS = ("rooms", "events", "items", "omens", "characters", "haunts")


def content_hash(root: Path, sources: list[str]) -> str:
    digest = hashlib.sha256(f"hauntkit-content/{FORMAT}\0".encode())
    for rel in sorted(sources):
        data = (Path(root) / rel).read_bytes()
        digest.update(rel.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    extra = conversion_fingerprint()
    digest.update(b"zh-Hant\0" + str(len(extra)).encode() + b"\0" + extra)
    return digest.hexdigest()


def _plain(obj: Any) -> Any:
    """Dataclasses to dicts without their `where` (a source position, not content)."""
    if dataclasses.is_dataclass(obj):
        return {f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)
                if f.name != "where"}
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    return obj


def compile_ruleset(rs: Ruleset, root: Path | str) -> dict:
    out: dict[str, Any] = {
        "ruleset": rs.name,
        "content_hash": content_hash(Path(root), rs.sources),
        "locales": list(LOCALES),
        "haunt_chart": _plain(rs.haunt_chart),
        "terms": rs.terms,
    }
    for kind in KINDS:
        out[kind] = {obj_id: _plain(obj) for obj_id, obj in getattr(rs, kind).items()}
    return out


def to_json_bytes(data: dict) -> bytes:
    return (json.dumps(data, sort_keys=True, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write_compiled(rs: Ruleset, root: Path | str, build_dir: Path | str) -> Path:
    """Compile and write `<build_dir>/content/<ruleset>.json`; returns its path."""
    path = Path(build_dir) / "content" / f"{rs.name}.json"
    write_bytes(path, to_json_bytes(compile_ruleset(rs, root)))
    return path
