"""Content → `build/content/<ruleset>.json`, the only content the server reads.

The output is a pure function of the sources: keys sorted, no timestamps,
every locale filled and every default written out, so the same YAML gives
byte-identical JSON and a changed byte in any source changes
`content_hash`. The hash also covers what the zh-Hant texts depend on (the
glossary, the OpenCC version) and the ruleset's `format`, bumped whenever
its compile changes what it writes. Which sections there are is the
ruleset's (`CONTENT.compile`); this adds the ruleset name, hash and locales.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

from kit.hant import converter
from kit.words import LOCALES

from ..atomic import write_bytes
from .loader import PROJECT_ROOT, content_spec


def content_hash(root: Path, sources: list[str], fmt: int, hant_fingerprint: bytes) -> str:
    digest = hashlib.sha256(f"hauntkit-content/{fmt}\0".encode())
    for rel in sorted(sources):
        data = (Path(root) / rel).read_bytes()
        digest.update(rel.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    digest.update(b"zh-Hant\0" + str(len(hant_fingerprint)).encode() + b"\0" + hant_fingerprint)
    return digest.hexdigest()


def plain(obj: Any) -> Any:
    """Dataclasses to dicts without their `where` (a source position, not content)."""
    if dataclasses.is_dataclass(obj):
        return {f.name: plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)
                if f.name != "where"}
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    return obj


def compile_ruleset(content: Any, root: Path | str | None = None) -> dict:
    spec = content_spec(content.name)
    out: dict[str, Any] = {
        "ruleset": content.name,
        "content_hash": content_hash(Path(root or PROJECT_ROOT), content.sources, spec.format,
                                     converter(spec.glossary).fingerprint()),
        "locales": list(LOCALES),
    }
    out.update(spec.compile(content))
    return out


def to_json_bytes(data: dict) -> bytes:
    return (json.dumps(data, sort_keys=True, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write_compiled(content: Any, root: Path | str | None, build_dir: Path | str) -> Path:
    """Compile and write `<build_dir>/content/<ruleset>.json`; returns its path."""
    path = Path(build_dir) / "content" / f"{content.name}.json"
    write_bytes(path, to_json_bytes(compile_ruleset(content, root)))
    return path
