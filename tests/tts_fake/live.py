"""The real rules server on 127.0.0.1 for the TTS fake to talk to over HTTP,
and a build of the real content with its saves and `tts` section.

`LiveServer` runs the aiohttp app (server.app.create_app) on its own event
loop in a thread, on a free port and a temporary database; `handler` turns
the fake's WebRequest calls into real HTTP requests with `requests`, so the
Lua meets the server's actual parsing, status codes and bodies.
`real_build` compiles the project's own content, gives it tiny stand-in
images (the TTS stage needs files, not pictures) and runs the TTS stage, so
the saves carry the bundled tts_lua/ scripts and the content its GUIDs.
"""
from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import requests
from aiohttp import web

from pipeline.content.cli import load_all
from pipeline.content.compile import write_compiled
from pipeline.tts import stage
from server.app import create_app
from server.settings import Settings

from . import WebCall
from .fixture import manifest

ROOT = Path(__file__).resolve().parents[2]


def real_build(build: Path, ruleset: str = "house") -> dict[str, dict]:
    """Compile `ruleset`, stand in images, build the saves: {locale: save}."""
    loaded, problems = load_all(ROOT, [ruleset])
    if problems:
        raise RuntimeError("content does not load:\n" + "\n".join(problems))
    content_path = write_compiled(loaded[0], ROOT, build)
    doc = json.loads(content_path.read_text(encoding="utf-8"))
    assets = build / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    man = manifest(assets, doc)
    (assets / f"manifest.{ruleset}.json").write_text(json.dumps(man), encoding="utf-8")
    result = stage.build(ruleset, ROOT, build, base_url="")
    return {p.name.split(".")[1]: json.loads(p.read_text(encoding="utf-8")) for p in result.saves}


class LiveServer:
    def __init__(self, tmp: Path, content_dir: Path, rng_source=None):
        self.settings = Settings(db_path=tmp / "db" / "tables.sqlite3", content_dir=content_dir,
                                 asset_dir=tmp / "assets", rate_per_second=1000, rate_burst=1000,
                                 address_rate=10_000, address_burst=10_000, create_rate=1000, create_burst=1000,
                                 sqlite_sync="NORMAL")
        self.rng_source = rng_source
        self.base_url = ""
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self.session = requests.Session()

    def start(self) -> "LiveServer":
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(timeout=30)
        return self

    async def _start(self) -> None:
        app = create_app(self.settings, rng_source=self.rng_source)
        self.app = app
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(timeout=30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self.session.close()

    def handler(self, call: WebCall) -> tuple[int, str, dict]:
        """The fake's WebRequest → real HTTP. A refused connection becomes a
        transport error (is_error), as in TTS."""
        try:
            r = self.session.request(call.method, call.url, data=call.body.encode("utf-8") or None,
                                     headers=call.headers, timeout=30)
        except requests.ConnectionError as exc:
            raise ConnectionError(str(exc)) from None
        return r.status_code, r.content.decode("utf-8"), dict(r.headers)

    def get(self, path: str, token: str) -> dict:
        """Read the server's side directly, for comparing with the table."""
        r = self.session.get(self.base_url + path, headers={"Authorization": f"Bearer {token}"}, timeout=30)
        r.raise_for_status()
        return r.json()
