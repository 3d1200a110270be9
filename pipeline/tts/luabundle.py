"""Bundle tts_lua/ modules into single scripts, in the luabundle format.

TTS's Lua (MoonSharp) has no `require`, so multi-file code has to be joined at
build time. We emit the same wire format luabundle 1.6.0 writes (which the
official editor plugins and TTSModManager also emit), so a script taken out
of a save can be split back into modules by those tools.

A module name is the string given to `require` ("hauntkit/connect", dots
allowed as separators) and resolves to `<root>/<name>.lua`. Extra modules
generated at build time (the per-save config) are passed in as source text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

HEADER = '-- Bundled by luabundle {"version":"1.6.0"}\n'

PRELUDE = """local __bundle_require, __bundle_loaded, __bundle_register, __bundle_modules = (function(superRequire)
	local loadingPlaceholder = {[{}] = true}

	local register
	local modules = {}

	local require
	local loaded = {}

	register = function(name, body)
		if not modules[name] then
			modules[name] = body
		end
	end

	require = function(name)
		local loadedModule = loaded[name]

		if loadedModule then
			if loadedModule == loadingPlaceholder then
				return nil
			end
		else
			if not modules[name] then
				if not superRequire then
					local identifier = type(name) == 'string' and '\\"' .. name .. '\\"' or tostring(name)
					error('Tried to require ' .. identifier .. ', but no such module has been registered')
				else
					return superRequire(name)
				end
			end

			loaded[name] = loadingPlaceholder
			loadedModule = modules[name](require, loaded, register, modules)
			loaded[name] = loadedModule
		end

		return loadedModule
	end

	return require, loaded, register, modules
end)(require)
"""

_LONG_OPEN = re.compile(r"\[(=*)\[")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CALL = re.compile(r"""\s*(\(\s*)?(["'])""")


class BundleError(Exception):
    """A module could not be found or a require cannot be resolved statically."""


@dataclass(frozen=True)
class Require:
    name: str
    file: str
    line: int


def _skip_long(src: str, i: int) -> int | None:
    """If a long bracket ([[, [==[) opens at i, the index after it closes."""
    m = _LONG_OPEN.match(src, i)
    if not m:
        return None
    close = "]" + m.group(1) + "]"
    end = src.find(close, m.end())
    return len(src) if end < 0 else end + len(close)


def _skip_short(src: str, i: int) -> int:
    """i is at a quote; the index after the closing quote."""
    quote = src[i]
    i += 1
    while i < len(src) and src[i] != quote and src[i] != "\n":
        i += 2 if src[i] == "\\" else 1
    return i + 1


def find_requires(source: str, file: str) -> list[Require]:
    """Every `require "x"` / `require("x")` outside strings and comments,
    with its line; a require whose argument is not a literal is refused."""
    found = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("--", i):
            after = _skip_long(source, i + 2)
            if after is not None:
                i = after
            else:
                nl = source.find("\n", i)
                i = n if nl < 0 else nl
            continue
        if c in "\"'":
            i = _skip_short(source, i)
            continue
        if c == "[":
            after = _skip_long(source, i)
            if after is not None:
                i = after
                continue
        m = _IDENT.match(source, i)
        if m:
            word = m.group(0)
            prev = source[i - 1] if i else ""
            if word == "require" and prev not in (".", ":"):
                line = source.count("\n", 0, i) + 1
                call = _CALL.match(source, m.end())
                if not call:
                    raise BundleError(f"{file}:{line}: require needs a literal module name to be bundled")
                q = call.end() - 1
                end = _skip_short(source, q)
                name = source[q + 1:end - 1]
                if call.group(1):
                    close = re.compile(r"\s*\)").match(source, end)
                    if not close:
                        raise BundleError(f"{file}:{line}: require needs a literal module name to be bundled")
                found.append(Require(name, file, line))
                i = end
                continue
            i = m.end()
            continue
        i += 1
    return found


def _module_path(root: Path, name: str) -> Path:
    rel = name.replace(".", "/") if "/" not in name else name
    return root / f"{rel}.lua"


def _locate(root: Path, display_root: str, mounts: dict[str, tuple[Path, str]], name: str) -> tuple[Path, str]:
    """(file, how to name it in messages) of module `name`: a mounted prefix
    (`ruleset/gestures` → the ruleset's lua folder) or the shared root."""
    for prefix, (folder, shown) in mounts.items():
        if name.startswith(prefix):
            path = _module_path(Path(folder), name[len(prefix):])
            return path, f"{shown}/{path.relative_to(folder).as_posix()}"
    path = _module_path(root, name)
    return path, f"{display_root}/{path.relative_to(root).as_posix()}"


def bundle(root: Path, entry: str | None = None, entry_source: str | None = None,
           generated: dict[str, str] | None = None, display_root: str = "tts_lua",
           mounts: dict[str, tuple[Path, str]] | None = None) -> str:
    """Bundle the module `entry` (or the given `entry_source`) with everything
    it requires. Raises BundleError naming the requiring file and line for a
    missing module. `mounts` maps a module-name prefix to another folder
    (a ruleset's own Lua, required as `ruleset/<module>`)."""
    root = Path(root)
    mounts = dict(mounts or {})
    generated = dict(generated or {})
    if entry_source is None:
        if entry is None:
            raise ValueError("bundle() needs an entry module or entry source")
        path = _module_path(root, entry)
        if not path.exists():
            raise BundleError(f"entry module {entry!r} not found ({display_root}/{entry}.lua)")
        entry_source = path.read_text(encoding="utf-8")
        entry_file = f"{display_root}/{path.relative_to(root).as_posix()}"
    else:
        entry_file = f"<script {entry or 'inline'}>"

    modules: dict[str, str] = {}
    queue = [(entry_source, entry_file)]
    while queue:
        source, file = queue.pop()
        for req in find_requires(source, file):
            if req.name in modules:
                continue
            if req.name in generated:
                text, shown = generated[req.name], f"<generated {req.name}>"
            else:
                path, shown = _locate(root, display_root, mounts, req.name)
                if not path.is_file():
                    raise BundleError(
                        f"{req.file}:{req.line}: module {req.name!r} not found (looked for {shown})")
                text = path.read_text(encoding="utf-8")
            modules[req.name] = text
            queue.append((text, shown))

    if not modules:
        return entry_source                 # like luabundle: no require, stays plain
    parts = [HEADER, PRELUDE, _register("__root", entry_source)]
    for name in sorted(modules):
        parts.append(_register(name, modules[name]))
    parts.append('return __bundle_require("__root")')
    return "".join(parts)


def _register(name: str, source: str) -> str:
    body = source if source.endswith("\n") else source + "\n"
    return (f'__bundle_register("{name}", function(require, _LOADED, __bundle_register, '
            f'__bundle_modules)\n{body}end)\n')


def unbundle(text: str) -> dict[str, str]:
    """Split a bundle back into modules (round-trip check, and what the
    reverse tools do)."""
    if not text.startswith(HEADER):
        return {"__root": text}
    out = {}
    pattern = re.compile(r'__bundle_register\("([^"]+)", function\(require, _LOADED, '
                         r'__bundle_register, __bundle_modules\)\n(.*?)end\)\n'
                         r'(?=__bundle_register\(|return __bundle_require)', re.S)
    for m in pattern.finditer(text):
        out[m.group(1)] = m.group(2)
    return out
