"""Asset base URLs: where TTS fetches every image from.

The base is a setting (`--base-url`, `HAUNTKIT_BASE_URL`, make `BASE_URL`):
empty means `file:///…/build/assets/` for local play; `http(s)://…` is the
rules server's `/assets/` or any static host. Names carry content hashes, so
a changed image gets a new URL and TTS's cache never shows a stale one.
"""
from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

ENV = "HAUNTKIT_BASE_URL"


class BaseUrlError(ValueError):
    pass


def resolve(base_url: str | None, assets_dir: Path, public: bool = False) -> str:
    """The base URL to write, ending in '/'. `public` (Workshop) refuses
    anything other players cannot fetch."""
    base = (base_url if base_url is not None else os.environ.get(ENV, "")).strip()
    if not base:
        if public:
            raise BaseUrlError("a Workshop build needs BASE_URL=https://… (a public host "
                               "serving build/assets/)")
        base = Path(assets_dir).resolve().as_uri()
    scheme = base.split(":", 1)[0].lower() if ":" in base else ""
    if scheme not in ("file", "http", "https"):
        raise BaseUrlError(f"base URL {base!r} must start with file://, http:// or https://")
    if public:
        if scheme == "file":
            raise BaseUrlError(f"base URL {base!r} is a local file: other players cannot see "
                               "those images; a Workshop build needs a public http(s) host")
        host = base.split("://", 1)[1].split("/", 1)[0].split(":")[0].lower()
        if host in ("localhost", "127.0.0.1", "0.0.0.0", "::1", "[::1]") or not host:
            raise BaseUrlError(f"base URL {base!r} names this machine, not a public host")
    return base if base.endswith("/") else base + "/"


class Urls:
    """Turns asset file names into URLs and remembers which were used, so the
    build can check each one exists."""

    def __init__(self, base: str, assets_dir: Path):
        self.base = base
        self.assets_dir = Path(assets_dir)
        self.used: set[str] = set()

    def __call__(self, file: str) -> str:
        parts = file.replace("\\", "/").split("/") if file else []
        if not parts or ".." in parts or file.startswith("/"):
            raise BaseUrlError(f"asset name {file!r} is not a path inside build/assets/")
        self.used.add(file)
        return self.base + quote(file)

    def missing(self) -> list[str]:
        return sorted(f for f in self.used if not (self.assets_dir / f).is_file())
