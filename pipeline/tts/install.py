"""Copying the built saves into Tabletop Simulator's saves folder.

TTS looks for saves in a per-platform folder (the knowledge base's
"technical info" page); `TTS_SAVES` overrides it for unusual installs (a
Steam library elsewhere, Proton prefixes). A thumbnail next to a save with
the same name and `.png` is what TTS shows in its load menu.
"""
from __future__ import annotations

import os
import platform
from pathlib import Path

from ..atomic import write_bytes

ENV = "TTS_SAVES"


class InstallError(Exception):
    pass


def saves_folder(system: str | None = None, home: Path | None = None,
                 env: dict | None = None) -> Path:
    env = os.environ if env is None else env
    if env.get(ENV):
        return Path(env[ENV]).expanduser()
    system = system or platform.system()
    home = Path(home) if home else Path.home()
    if system == "Windows":
        docs = Path(env.get("USERPROFILE", home)) / "Documents"
        return docs / "My Games" / "Tabletop Simulator" / "Saves"
    if system == "Darwin":
        return home / "Library" / "Tabletop Simulator" / "Saves"
    if system == "Linux":
        data = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
        return data / "Tabletop Simulator" / "Saves"
    raise InstallError(f"no known TTS saves folder on {system}; set {ENV}=<folder>")


def install(tts_dir: Path, dest: Path | None = None, subfolder: str = "hauntkit") -> list[Path]:
    """Copy every save (and its thumbnail) from build/tts into
    <saves folder>/hauntkit/, atomically per file."""
    tts_dir = Path(tts_dir)
    files = sorted(tts_dir.glob("*.json")) + sorted(tts_dir.glob("*.png"))
    if not any(f.suffix == ".json" for f in files):
        raise InstallError(f"no saves in {tts_dir}: run `make build` first")
    root = Path(dest) if dest else saves_folder()
    if not root.exists() and not dest and not os.environ.get(ENV):
        raise InstallError(f"TTS saves folder {root} does not exist (is TTS installed and run "
                           f"once?); set {ENV}=<folder> to choose one")
    target = root / subfolder
    target.mkdir(parents=True, exist_ok=True)
    out = []
    for f in files:
        write_bytes(target / f.name, f.read_bytes())
        out.append(target / f.name)
    return out
