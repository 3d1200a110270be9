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
# The build's names are ~60 characters; a file system refuses past 255.
MAX_NAME = 255


def resolve(root: Path, rel: str) -> Path:
    """The file under `root` named by `rel`, refusing anything that leaves it
    (`..`, absolute paths, symlinks pointing outside) and any name the file
    system itself would refuse (too long, a symlink loop)."""
    if ("\x00" in rel or rel.startswith(("/", "\\")) or "\\" in rel or len(rel) > 4 * MAX_NAME
            or any(len(part) > MAX_NAME for part in rel.split("/"))):
        raise ProtocolError(404, "NOT-FOUND", "no such asset")
    base = root.resolve()
    try:
        target = (base / rel).resolve(strict=True)
        found = target.is_relative_to(base) and target.is_file()
    except (OSError, RuntimeError):       # missing, a loop (RuntimeError before Python 3.13), too long
        found = False
    if not found:
        raise ProtocolError(404, "NOT-FOUND", "no such asset")
    return target


async def serve_asset(request: web.Request) -> web.StreamResponse:
    from .app import SETTINGS
    path = resolve(Path(request.app[SETTINGS].asset_dir), request.match_info["path"])
    cache = LONG_CACHE if HASHED.search(path.name) else "no-cache"
    # FileResponse answers If-None-Match / If-Modified-Since with 304 itself.
    return web.FileResponse(path, headers={"Cache-Control": cache})
