"""/assets (cache headers, ETag, traversal) and the OpenAPI document."""
from __future__ import annotations

import json
from pathlib import Path

from server.app import ROUTES

ROOT = Path(__file__).resolve().parents[2]


async def test_hashed_assets_are_cached_long_and_carry_etag(client, settings):
    (settings.asset_dir / "room.hall.en.0123456789ab.png").write_bytes(b"\x89PNG fake")
    (settings.asset_dir / "manifest.house.json").write_text("{}")
    r = await client.get("/assets/room.hall.en.0123456789ab.png")
    assert r.status == 200 and await r.read() == b"\x89PNG fake"
    assert "immutable" in r.headers["Cache-Control"] and r.headers["ETag"]
    again = await client.get("/assets/room.hall.en.0123456789ab.png", headers={"If-None-Match": r.headers["ETag"]})
    assert again.status == 304
    plain = await client.get("/assets/manifest.house.json")
    assert plain.status == 200 and plain.headers["Cache-Control"] == "no-cache" and plain.headers["ETag"]


async def test_assets_refuse_path_traversal(client, settings):
    (settings.asset_dir.parent / "secret.txt").write_text("no")
    for path in ("/assets/../secret.txt", "/assets/%2e%2e/secret.txt", "/assets/..%2fsecret.txt",
                 "/assets/%2e%2e%2fsecret.txt", "/assets/sub/../../secret.txt"):
        r = await client.get(path)
        assert r.status == 404, path
        assert b"no" != await r.read()


def test_openapi_in_repo_matches_the_routes():
    spec = json.loads((ROOT / "server" / "openapi.json").read_text(encoding="utf-8"))
    documented = {(m.upper(), p) for p, ops in spec["paths"].items() for m in ops}
    served = {(m, p.replace("{path:.+}", "{path}")) for m, p, _ in ROUTES}
    assert documented == served


async def test_served_openapi_is_the_repo_file(client):
    served = await (await client.get("/openapi.json")).json()
    assert served == json.loads((ROOT / "server" / "openapi.json").read_text(encoding="utf-8"))
