"""`load_ruleset`: every YAML file of a ruleset → one validated content object.

A ruleset's content is the YAML in its folder (`rulesets/<name>/content/`).
Each file is a map with one key naming its kind (which kinds exist is the
ruleset's `CONTENT` spec) holding a list, or one map for a single kind. The
whole ruleset is read before anything is judged, so one run reports every
problem in every file: syntax, fields, ids, references and the ruleset's
own whole-content checks.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import rulesets

from .context import Context, icons_in
from .errors import ContentError, Sink
from .fields import ID_RE, At, one_of, report_duplicates
from .kinds import ContentSpec, Loaded
from .texts import rules_for
from .yamlsrc import LDict, load_file

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def content_spec(name: str) -> ContentSpec:
    return rulesets.builder(name).CONTENT


def content_dir(name: str) -> Path:
    return rulesets.info(name).content_dir


def _relative(path: Path, root: Path) -> str:
    """Without following symlinks: a file that is a symlink loop still has a name."""
    try:
        return Path(os.path.abspath(path)).relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def load_ruleset(name: str, folder: Path | str | None = None, root: Path | str | None = None) -> Any:
    """Load and validate ruleset `name` from `folder` (default: its own
    content folder); paths in problems are relative to `root` (default: the
    project). Raises `ContentError` with every problem."""
    spec = content_spec(name)
    folder = Path(folder) if folder is not None else content_dir(name)
    root = Path(root) if root is not None else (PROJECT_ROOT if folder.resolve().is_relative_to(PROJECT_ROOT)
                                                 else folder.parent)
    sink = Sink()
    ctx = Context()
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not files:
        sink.add(_relative(folder, root), 0, "-", f"no content files (expected YAML files in {_relative(folder, root)}/)")
        sink.raise_if_any()
    kinds = {k.key: k for k in spec.kinds}
    loaded = Loaded(name=name, collections={k.key: {} for k in spec.kinds if not k.single},
                    singles={}, sources=[], places={}, files=[])
    known: dict[str, set[str]] = {k: set() for k in loaded.collections}
    with rules_for(spec.text_tokens, spec.glossary, getattr(spec, "text_names", ())), \
            icons_in(root / "art" / "icons"):
        for path in files:
            rel = _relative(path, root)
            loaded.sources.append(rel)
            before = len(sink.problems)
            data = load_file(path, rel, sink)
            if data is None:
                if len(sink.problems) == before:
                    sink.add(rel, 1, "-", f"empty file (expected a map with one of {', '.join(kinds)})")
                continue
            _read_file(rel, data, sink, ctx, kinds, loaded, known)
        loaded.files = list(loaded.sources)
        content = spec.make(loaded)
        ctx.refs.resolve(known)
        for check in ctx.checks:
            check(content)
        spec.check(content, loaded, sink)
    sink.raise_if_any()
    return content


def _read_file(rel, data, sink, ctx, kinds, loaded: Loaded, known) -> None:
    top = At(sink, rel, "", getattr(data, "line", 1))
    report_duplicates(top, data)
    if not isinstance(data, dict) or len(data) != 1:
        got = f"{len(data)} keys" if isinstance(data, dict) else "no mapping"
        top.error(f"{got} at the top (expected exactly one key, one of {', '.join(kinds)})")
        return
    key, body = next(iter(data.items()))
    key_line = data.key_lines.get(key, 1) if isinstance(data, LDict) else 1
    at = At(sink, rel, str(key), data.line_of(key) if isinstance(data, LDict) else 1)
    kind = kinds.get(key)
    if kind is None:
        At(sink, rel, str(key), key_line).error(f"unknown kind '{key}' ({one_of(kinds)})")
        return
    if kind.single:
        if key in loaded.singles:
            at.error(f"a second {key} (expected one per ruleset)")
            return
        loaded.singles[key] = kind.read(at, body, ctx)
        if loaded.singles[key] is None:
            loaded.failed.add(key)
        return
    if not isinstance(body, list):
        at.wrong(body, f"expected a list of {key}")
        return
    for i, item in enumerate(body):
        item_at = at.index(i, body.line_of(i))
        if isinstance(item, dict) and isinstance(item.get("id"), str) and ID_RE.match(item["id"]):
            known[key].add(item["id"])
        obj = kind.read(item_at, item, ctx)
        if obj is None:
            loaded.failed.add(key)
            continue
        if obj.id in loaded.places:
            first, first_kind = loaded.places[obj.id]
            id_line = item.key_lines.get("id", item_at.line) if isinstance(item, LDict) else item_at.line
            item_at.key("id", id_line).error(
                f"duplicate id '{obj.id}', already used by {kinds[first_kind].noun} "
                f"{first.path} at {first.file}:{first.line} (expected ids unique within the ruleset)")
            continue
        loaded.places[obj.id] = (item_at, key)
        loaded.collections[key][obj.id] = obj
