"""The TTS stage: compiled content + asset manifest + Lua → saves.

What lies on the table is the ruleset's (`TABLE`: the plan, each locale's
save, the section the server reads); this stage bundles the shared Lua
(`tts_lua/`) with the ruleset's own (`rulesets/<name>/lua/`, required as
`ruleset/<module>`), fills the connect panel, checks every save against the
schema and every image URL, and writes. Everything is computed and checked
first; only then are the saves, thumbnails and `build/content/<name>.tts.json`
written, each atomically. A broken input therefore fails with a clear
message and leaves the previous build untouched.
"""
from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import rulesets

from ..atomic import write_if_changed
from . import luabundle, schema, stable, ui
from .urls import Urls, resolve


class StageError(Exception):
    pass


@dataclass
class StageResult:
    saves: list[Path] = field(default_factory=list)
    thumbnails: list[Path] = field(default_factory=list)
    mod_version: str = ""
    base_url: str = ""


def package_version(root: Path) -> str:
    with open(root / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def lua_tree_hash(*lua_roots: Path) -> str:
    h = hashlib.sha256()
    for lua_root in lua_roots:
        if not lua_root.is_dir():
            continue
        for path in sorted(p for p in lua_root.rglob("*") if p.is_file()):
            h.update(path.relative_to(lua_root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def mod_version(root: Path, content: dict, manifest: dict, *lua_roots: Path) -> str:
    """`<package version>+<hash of what the save is made of>`: changes
    whenever the content, images or scripts change, so the server can tell an
    outdated save; the asset base URL is not part of it."""
    h = hashlib.sha256()
    h.update(json.dumps(content, sort_keys=True, ensure_ascii=False).encode())
    h.update(json.dumps(manifest, sort_keys=True, ensure_ascii=False).encode())
    h.update(lua_tree_hash(*lua_roots).encode())
    return f"{package_version(root)}+{h.hexdigest()[:10]}"


def table_spec(name: str):
    return rulesets.builder(name).TABLE


def table_path(build_dir: Path, ruleset: str) -> Path:
    """The section the server reads beside the content: content ids → TTS objects."""
    return Path(build_dir) / "content" / f"{ruleset}.tts.json"


def _load_json(path: Path, what: str) -> dict:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StageError(f"{path}: {what} not found (run the earlier build stages first)") from None
    except json.JSONDecodeError as exc:
        raise StageError(f"{path}:{exc.lineno}: {what} is not valid JSON ({exc.msg})") from None


WIRE_EVENTS = ("drop", "pickup", "roll")     # what objects/wire.lua can report


def _roles(roles) -> dict[str, tuple[str, ...]]:
    """A table's object roles: names (their objects report drops and
    pickups) or a mapping name → the events its objects report."""
    if isinstance(roles, dict):
        out = {r: tuple(ev) for r, ev in roles.items()}
    else:
        out = {r: ("drop", "pickup") for r in roles}
    for role, events in out.items():
        bad = [e for e in events if e not in WIRE_EVENTS]
        if bad:
            raise StageError(f"object role {role!r}: unknown event(s) {', '.join(bad)} "
                             f"(expected some of {', '.join(WIRE_EVENTS)})")
    return out


def scripts_for(lua_root: Path, generated: dict[str, str], roles=(),
                mounts: dict[str, tuple[Path, str]] | None = None) -> dict[str, str]:
    """Global bundle plus one bundled one-liner per object role; `mounts`
    maps a module prefix (`ruleset/`) to the folder holding those modules."""
    try:
        out = {"Global": luabundle.bundle(lua_root, entry="Global", generated=generated, mounts=mounts)}
        for role, events in _roles(roles).items():
            kinds = ", ".join(f"{e} = true" for e in events)
            out[role] = luabundle.bundle(lua_root, entry=role,
                                         entry_source=f'require("objects/wire")("{role}", {{{kinds}}})\n',
                                         generated=generated, mounts=mounts)
    except luabundle.BundleError as exc:
        raise StageError(f"Lua bundling failed: {exc}") from None
    return out


def build(ruleset: str, root: Path, build_dir: Path, base_url: str | None = None,
          public: bool = False, out_dir: Path | None = None) -> StageResult:
    root, build_dir = Path(root), Path(build_dir)
    assets_dir = build_dir / "assets"
    out_dir = Path(out_dir) if out_dir else build_dir / "tts"
    lua_root = root / "tts_lua"
    spec = table_spec(ruleset)
    ruleset_lua = Path(spec.lua_dir)
    mounts = {"ruleset/": (ruleset_lua, ruleset_lua.relative_to(root).as_posix()
                           if ruleset_lua.is_relative_to(root) else str(ruleset_lua))}
    content_path = build_dir / "content" / f"{ruleset}.json"
    content = _load_json(content_path, "compiled content")
    manifest = _load_json(assets_dir / f"manifest.{ruleset}.json", "asset manifest")

    base = resolve(base_url, assets_dir, public=public)
    try:
        plan = spec.plan(content, manifest, assets_dir)
    except ValueError as exc:
        raise StageError(str(exc)) from None
    version = mod_version(root, content, manifest, lua_root, ruleset_lua)
    from kit.words import catalog
    words = catalog(rulesets.info(ruleset).folder)

    urls = Urls(base, assets_dir)
    pending: list[tuple[Path, str | bytes]] = []
    result = StageResult(mod_version=version, base_url=base)
    for locale in sorted(manifest["locales"]):
        generated = {"hauntkit/config": ui.config_module(ruleset, locale, version, words=words)}
        scripts = scripts_for(lua_root, generated, spec.object_roles, mounts)
        xml = ui.xml_ui(lua_root / "ui" / "connect.xml", locale, words, per_colour=lua_root / "ui" / "reading.xml")
        try:
            doc = spec.save(plan, content, manifest, locale, urls, scripts, xml, version)
        except KeyError as exc:
            raise StageError(str(exc.args[0]) if exc.args else str(exc)) from None
        problems = schema.problems(doc)
        if problems:
            raise StageError(f"save {ruleset}.{locale} fails the save schema:\n  " +
                             "\n  ".join(problems[:20]))
        name = f"{ruleset}.{locale}"
        pending.append((out_dir / f"{name}.json", stable.dumps(doc)))
        thumb = manifest["locales"][locale].get("extras", {}).get("thumbnail")
        if thumb:
            src = assets_dir / thumb
            if not src.is_file():
                raise StageError(f"thumbnail {thumb} named by the asset manifest is missing")
            pending.append((out_dir / f"{name}.png", src.read_bytes()))
    missing = urls.missing()
    if missing:
        raise StageError("the saves would name images missing from build/assets/: " +
                         ", ".join(missing[:10]) + (" …" if len(missing) > 10 else ""))

    for path, data in pending:
        write_if_changed(path, data)
        (result.thumbnails if path.suffix == ".png" else result.saves).append(path)
    write_if_changed(table_path(build_dir, ruleset), stable.dumps(spec.section(plan, version)))
    return result

