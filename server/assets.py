"""/assets/: the build's images for saves that point at this server.

File names carrying a content hash never change meaning, so they are cached
for a year; anything else must be revalidated (ETag, 304).
"""
from __future__ import annotations

import re
from pathlib import Path

from aiohttp import web

from .wire import ProtocolError

HASHED = re.compile(r"\.[0-9a-f]{12}\.[A-Za-z0-9]+$")
LONG_CACHE = "public, max-age=31536000, immutable"


def resolve(root: Path, rel: str) -> Path:
    """The file under `root` named by `rel`, refusing anything that leaves it
    (`..`, absolute paths, symlinks pointing outside)."""
    if "\x00" in rel or rel.startswith(("/", "\\")) or "\\" in rel:
        raise ProtocolError(404, "NOT-FOUND", "no such asset")
    base = root.resolve()
    target = (base / rel).resolve()
    if not target.is_relative_to(base) or not target.is_file():
        raise ProtocolError(404, "NOT-FOUND", "no such asset")
    return target


async def serve_asset(request: web.Request) -> web.StreamResponse:
    from .app import SETTINGS
    path = resolve(Path(request.app[SETTINGS].asset_dir), request.match_info["path"])
    cache = LONG_CACHE if HASHED.search(path.name) else "no-cache"
    # FileResponse answers If-None-Match / If-Modified-Since with 304 itself.
    return web.FileResponse(path, headers={"Cache-Control": cache})
