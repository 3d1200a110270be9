"""The ruleset boundary: no module outside `rulesets/` (and the tests) names
a concept of the house game — not in an identifier, a string or a comment.

Shared code (kit/, server/, pipeline/, tts_lua/, tools/, layouts/) must
serve any game, so a house word there is either a leftover of the
house living in shared code or a shared name chosen after one game. The
scan reads every tracked Python, Lua and YAML file outside the ruleset
folders, splits identifiers into words (`place_tile`, `roomAt`, `omen-count`)
and looks for the house's words in English and Chinese. The allow-list
holds only names of the platform the kit runs on, which no game chose.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXTENSIONS = (".py", ".lua", ".yaml", ".yml")
# The ruleset folders, the tests of every layer, and the benchmarks, which
# measure one game's engine and server on purpose (their workload is a game).
OUTSIDE = ("rulesets/", "tests/", "bench/")

# Whole words (after splitting identifiers), and their inflections.
HOUSE_WORDS = {
    "room", "rooms", "omen", "omens", "haunt", "haunts", "haunted", "haunting", "trait", "traits",
    "floor", "floors", "tile", "tiles", "monster", "monsters", "traitor", "traitors",
}
HOUSE_PHRASES = (("character", "board"), ("character", "boards"))
HOUSE_CJK = ("房间", "房間", "预兆", "預兆", "作祟", "鬼屋", "楼层", "樓層", "板块", "板塊", "怪物", "奸徒",
             "背叛者", "属性", "屬性", "角色板")
# Names of the platform, not of a game: TTS's object type (and its save key),
# the language libraries' rounding function, ImageMagick montage's grid option.
ALLOWED = re.compile(r"Custom_?Tile|math\.floor|montage -tile|\"-tile\"", re.IGNORECASE)

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_WORD = re.compile(r"[A-Za-z]+")


def sources(root: Path = ROOT) -> list[str]:
    """The project's own files (tracked by git), outside the ruleset folders."""
    try:
        out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout
        files = out.splitlines()
    except (OSError, subprocess.CalledProcessError):      # not a git checkout: walk the tree instead
        skip = {".git", ".venv", "build", "node_modules", ".stamps"}
        files = [p.relative_to(root).as_posix() for p in root.rglob("*")
                 if p.is_file() and not skip & set(p.relative_to(root).parts)]
    return sorted(f for f in files if f.endswith(EXTENSIONS) and not f.startswith(OUTSIDE)
                  and (root / f).is_file())


def house_words(line: str) -> list[str]:
    """The house words one line of source names."""
    line = ALLOWED.sub(" ", line)
    words = [w.lower() for w in _WORD.findall(_CAMEL.sub(" ", line))]
    found = [w for w in words if w in HOUSE_WORDS]
    found += [" ".join(p) for p in HOUSE_PHRASES for i in range(len(words) - 1) if tuple(words[i:i + 2]) == p]
    found += [w for w in HOUSE_CJK if w in line]
    return found


def findings(root: Path = ROOT) -> list[str]:
    out = []
    for rel in sources(root):
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        for n, line in enumerate(text.splitlines(), 1):
            words = house_words(line)
            if words:
                out.append(f"{rel}:{n}: {', '.join(dict.fromkeys(words))}")
    return out


def test_the_scan_sees_identifiers_strings_comments_and_both_scripts():
    assert house_words("def place_tile(roomAt):") == ["tile", "room"]
    assert house_words('label = "omen-count"  # the haunt roll') == ["omen", "haunt"]
    assert house_words("-- a characterBoard's clips") == ["character board"]
    assert house_words('{"zh-Hans": "预兆", "zh-Hant": "預兆"}') == ["预兆", "預兆"]
    assert house_words('obj = base("Custom_Tile", guid)  # CustomTile, math.floor(x)') == []
    assert house_words('run([montage, "-tile", "10x7"])  # montage -tile 10x7') == []
    assert house_words("hauntkit: Floors and TILES") == ["floors", "tiles"]
    assert house_words("hauntkit/effects.lua, roomy, traitorous") == []


def test_the_scan_reads_the_shared_layers_and_skips_the_rulesets():
    files = sources()
    assert any(f.startswith("kit/") for f in files) and any(f.startswith("tts_lua/") for f in files)
    assert any(f.startswith("server/") for f in files) and any(f.startswith("pipeline/") for f in files)
    assert not [f for f in files if f.startswith(OUTSIDE)]


def test_no_module_outside_the_rulesets_names_a_house_concept():
    found = findings()
    assert not found, f"{len(found)} line(s) name the house outside rulesets/:\n" + "\n".join(found)
