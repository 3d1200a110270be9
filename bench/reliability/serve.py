"""Running `python -m server` as an operator would, and talking to it.

A server here is a child process on 127.0.0.1 with its own database and log
file; `kill()` is a SIGKILL of it and of its log writer, as a crash or the
OOM killer would do it.
"""
from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
# Lifted for harness runs: one client sends everything from one address.
UNLIMITED = ["--rate", "1000000", "--burst", "1000000", "--address-rate", "1000000",
             "--address-burst", "1000000", "--create-rate", "1000000", "--create-burst", "1000000"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def house_content(tmp: Path) -> Path:
    """The build's compiled content, or the house content compiled into `tmp`."""
    built = ROOT / "build" / "content"
    if (built / "house.json").is_file():
        return built
    sys.path.insert(0, str(ROOT))
    from pipeline.content.compile import write_compiled
    from pipeline.content.loader import load_ruleset
    return write_compiled(load_ruleset("house"), ROOT, tmp).parent


class Server:
    def __init__(self, db: Path, content: Path, log: Path, extra: list[str] | None = None,
                 env: dict | None = None):
        self.db, self.content, self.log_path = Path(db), Path(content), Path(log)
        self.extra = list(extra or [])
        self.env = env
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    def start(self, wait: bool = True, timeout: float = 60) -> "Server":
        self.port = free_port()
        cmd = [PY, "-m", "server", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.db),
               "--content", str(self.content), *UNLIMITED, *self.extra]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=open(self.log_path, "ab"),
                                     env={**os.environ, **(self.env or {})}, start_new_session=True)
        self.starts += 1
        if wait:
            self.wait_up(timeout)
        return self

    def wait_up(self, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}); see {self.log_path}")
            try:
                status, _ = self.get("/healthz", timeout=2)
                if status in (200, 503):
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"the server did not come up in {timeout} s; see {self.log_path}")

    def writer_pids(self) -> list[int]:
        """The log-writer process (the server's children)."""
        if self.proc is None:
            return []
        try:
            text = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text()
        except OSError:
            return []
        return [int(p) for p in text.split()]

    def kill(self, writer_only: bool = False) -> None:
        """SIGKILL: nothing gets to flush, close or answer."""
        for pid in self.writer_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if writer_only:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()

    def stop(self) -> int:
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else 0
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.kill()
            return -9

    # -- plain requests ------------------------------------------------------
    def request(self, method: str, path: str, body=None, token: str | None = None, timeout: float = 30,
                headers: dict | None = None) -> tuple[int, dict | str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            hdrs = {"Content-Type": "application/json", **(headers or {})}
            if token:
                hdrs["Authorization"] = f"Bearer {token}"
            data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
            conn.request(method, path, body=data, headers=hdrs)
            resp = conn.getresponse()
            raw = resp.read()
            try:
                return resp.status, json.loads(raw)
            except ValueError:
                return resp.status, raw.decode("utf-8", "replace")
        finally:
            conn.close()

    def get(self, path: str, token: str | None = None, timeout: float = 30):
        return self.request("GET", path, None, token, timeout)

    def post(self, path: str, body, token: str | None = None, timeout: float = 30):
        return self.request("POST", path, body, token, timeout)

    def log_problems(self) -> list[str]:
        """Tracebacks and ERROR lines in the server's log (its writer's too)."""
        lines = self.log_path.read_text(errors="replace").splitlines() if self.log_path.exists() else []
        return [line for line in lines if not line.startswith('{"ts":')       # action lines carry client text
                and ("Traceback" in line or " ERROR " in line or " CRITICAL " in line)]
