"""`python -m server` starts from flags/environment and plays with a
cryptographic random source."""
from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from counter_engine import CONTENT
from server.app import TABLES, create_app
from kit.engine import RecordingRng
from server.settings import parse

ROOT = Path(__file__).resolve().parents[2]


def test_play_uses_a_cryptographic_source(settings):
    app = create_app(settings, lookup=lambda name: (None, None, None))
    tables = app[TABLES]
    assert isinstance(RecordingRng(tables._rng_source)._source, secrets.SystemRandom)


def test_environment_settings_and_flag_precedence(monkeypatch):
    monkeypatch.setenv("HAUNTKIT_PORT", "9100")
    monkeypatch.setenv("HAUNTKIT_DB", "/tmp/x.sqlite3")
    monkeypatch.setenv("HAUNTKIT_PUBLIC_URL", "https://haunt.example/")
    monkeypatch.setenv("HAUNTKIT_BASE_URL", "file:///somewhere/assets")   # the saves' asset URL, not ours
    s = parse([])
    assert s.port == 9100 and str(s.db_path) == "/tmp/x.sqlite3" and s.base_url == "https://haunt.example"
    assert parse(["--port", "9200"]).port == 9200


def test_python_m_server_serves_healthz(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "counter.json").write_text(json.dumps(CONTENT))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "HAUNTKIT_DB": str(tmp_path / "db.sqlite3"), "HAUNTKIT_CONTENT": str(content)}
    proc = subprocess.Popen([sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    body = json.loads(r.read())
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read().decode()
                time.sleep(0.2)
        assert body["ok"] is True and body["rulesets"] == ["counter"]
        assert (tmp_path / "db.sqlite3").exists()
    finally:
        proc.terminate()
        proc.wait(10)


def test_default_database_lives_outside_the_build(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("HAUNTKIT_DB", raising=False)
    assert parse([]).db_path == tmp_path / "hauntkit" / "tables.sqlite3"
