"""Storage faults on a small loop-mounted ext4 file system: the disk fills
up during play and at start, and the file system turns read-only during
play (an ext4 error with errors=remount-ro, as a failing disk does) and at
start. Counted: actions acknowledged and lost (none may be, with the
default FULL sync), 503s, what /healthz said meanwhile, and whether the
server started and served reads on the broken disk.

Needs root, losetup, mkfs.ext4 and e2fsck; `unavailable()` says what is
missing, so a run that cannot test says so instead of passing.
"""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import aiohttp

from . import play, replay
from .serve import Server, house_content


def unavailable() -> str | None:
    """Why a loop-mounted file system cannot be made here, or None."""
    if os.geteuid() != 0:
        return "not root: mounting a loop file system needs root"
    for tool in ("mkfs.ext4", "e2fsck", "mount", "umount", "losetup"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (e2fsprogs, util-linux)"
    probe = Path(tempfile.mkdtemp(prefix="hauntkit-loopcheck-"))
    try:
        fs = LoopFs(probe, size_mb=4)
        fs.make()
        fs.unmount()
    except (OSError, subprocess.CalledProcessError) as exc:
        return f"a loop file system could not be mounted ({exc})"
    finally:
        shutil.rmtree(probe, ignore_errors=True)
    return None


def _sh(*cmd: str) -> None:
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


class LoopFs:
    def __init__(self, workdir: Path, size_mb: int = 24):
        self.image = Path(workdir) / "disk.img"
        self.mnt = Path(workdir) / "mnt"
        self.size_mb = size_mb
        self.mounted = False

    def make(self) -> None:
        self.mnt.mkdir(parents=True, exist_ok=True)
        with open(self.image, "wb") as f:
            f.truncate(self.size_mb << 20)
        _sh("mkfs.ext4", "-q", "-F", "-E", "nodiscard", str(self.image))
        self.mount()

    def mount(self, *options: str) -> None:
        _sh("mount", "-o", ",".join(("loop", "errors=remount-ro", *options)), str(self.image), str(self.mnt))
        self.mounted = True

    def unmount(self) -> None:
        if self.mounted:
            _sh("umount", str(self.mnt))
            self.mounted = False

    def device(self) -> str:
        out = subprocess.run(["findmnt", "-n", "-o", "SOURCE", str(self.mnt)], capture_output=True, text=True)
        return Path(out.stdout.strip()).name

    def fill(self) -> int:
        """Every free byte taken by one file; returns its size."""
        written = 0
        with open(self.mnt / "filler", "wb", buffering=0) as f:
            chunk = b"\0" * (1 << 16)
            while True:
                try:
                    written += f.write(chunk)
                except OSError:
                    break
            for size in (4096, 512, 1):           # the last scraps
                while True:
                    try:
                        written += f.write(b"\0" * size)
                    except OSError:
                        break
        return written

    def free(self) -> None:
        (self.mnt / "filler").unlink(missing_ok=True)

    def emergency_read_only(self) -> bool:
        """An ext4 error: with errors=remount-ro the kernel turns the file
        system read-only under the open files. False if this kernel lacks
        the trigger."""
        knob = Path("/sys/fs/ext4") / self.device() / "trigger_fs_error"
        if not knob.exists():
            return False
        knob.write_text("hauntkit storage-fault harness\n")
        return True

    def remount_read_only(self) -> None:
        _sh("mount", "-o", "remount,ro", str(self.mnt))

    def repair(self) -> None:
        """Unmounted, checked, mounted read-write again (after an emergency read-only)."""
        self.unmount()
        subprocess.run(["e2fsck", "-fy", str(self.image)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.mount()

    def remount_read_write(self) -> None:
        _sh("mount", "-o", "remount,rw", str(self.mnt))


async def _watch_health(server: Server, seconds: float) -> list[int]:
    statuses = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        statuses.append(await asyncio.to_thread(lambda: server.get("/healthz", timeout=10)[0]))
        await asyncio.sleep(0.2)
    return statuses


class Player:
    """Tables played in the background, pausable around restarts."""

    def __init__(self, tables: list[play.Table]):
        self.tables = tables
        self.tasks: list[asyncio.Task] = []

    def resume(self, port: int) -> None:
        for t in self.tables:
            t.set_base(f"http://127.0.0.1:{port}")
        self.tasks = [asyncio.ensure_future(self._loop(t)) for t in self.tables]

    @staticmethod
    async def _loop(t: play.Table) -> None:
        await t.resync()      # a request cut off by the pause may have been applied
        while True:
            await t.turn()

    async def pause(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            try:
                await task
            except (asyncio.CancelledError, RuntimeError):
                pass
        self.tasks = []

    def acked(self) -> int:
        return sum(len(t.acked) for t in self.tables)

    def fivexx(self) -> int:
        return sum(len(t.fivexx) for t in self.tables)


async def _start_on_broken_disk(server: Server, fx: play.Table) -> dict:
    """The server must start, serve reads and refuse writes with 503."""
    try:
        await asyncio.to_thread(server.start)
    except RuntimeError as exc:
        return {"started": False, "why": str(exc)}
    fx.set_base(f"http://127.0.0.1:{server.port}")
    await fx.resync()           # so the action below is one the rules accept, and only the disk refuses
    health = (await asyncio.to_thread(server.get, "/healthz"))[0]
    state_status, state = await asyncio.to_thread(server.get, f"/v1/tables/{fx.tid}/state", fx.token)
    act_status, act = await asyncio.to_thread(server.post, f"/v1/tables/{fx.tid}/actions",
                                              {"action": "end_turn", "player": fx.seat}, fx.token)
    await asyncio.to_thread(server.stop)
    return {"started": True, "healthz": health, "read": state_status,
            "read_version": state.get("version") if isinstance(state, dict) else None,
            "act": act_status, "act_code": act.get("error", {}).get("code") if isinstance(act, dict) else act}


async def _scenario(fs: LoopFs, server: Server, characters: list[str], n_tables: int, seconds: float,
                    log) -> dict:
    out: dict = {}
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        tables = [play.Table(session, f"http://127.0.0.1:{server.port}", f"s{i}", characters, random.Random(i))
                  for i in range(n_tables)]
        await asyncio.gather(*[t.setup() for t in tables])
        player = Player(tables)
        player.resume(server.port)
        await asyncio.sleep(seconds)

        # 1. The disk fills up during play.
        before = player.fivexx()
        filled = await asyncio.to_thread(fs.fill)
        health = await _watch_health(server, max(2.0, seconds))
        out["full_during_play"] = {"filled_bytes": filled, "healthz": health, "refused_503": player.fivexx() - before}
        fs.free()
        recovered = await _watch_health(server, 2.0)
        out["full_during_play"]["healthz_after_freeing"] = recovered[-1]
        if recovered[-1] != 200:           # the writer stopped itself (a failed fsync): restart
            await player.pause()
            server.kill()
            server.start()
            player.resume(server.port)
            out["full_during_play"]["restarted"] = True
        await asyncio.sleep(seconds)
        log(f"storage: disk full during play done, {player.acked()} acknowledged")

        # 2. The file system turns read-only during play.
        before = player.fivexx()
        if fs.emergency_read_only():
            health = await _watch_health(server, max(2.0, seconds))
            out["read_only_during_play"] = {"healthz": health, "refused_503": player.fivexx() - before}
            await player.pause()
            server.kill()
            await asyncio.to_thread(fs.repair)
            server.start()
            player.resume(server.port)
            await asyncio.sleep(seconds)
        else:
            out["read_only_during_play"] = {"skipped": "this kernel has no ext4 trigger_fs_error"}
        log(f"storage: read-only during play done, {player.acked()} acknowledged")
        await player.pause()
        await asyncio.to_thread(server.stop)

        # 3. Start on a full disk; 4. start on a read-only file system.
        fx = tables[0]
        await asyncio.to_thread(fs.fill)
        out["full_at_start"] = await _start_on_broken_disk(server, fx)
        fs.free()
        fs.remount_read_only()
        out["read_only_at_start"] = await _start_on_broken_disk(server, fx)
        fs.remount_read_write()
        log("storage: starts on a full and a read-only disk done")

        # Back on a healthy disk: everything acknowledged must be there.
        server.start()
        for t in tables:
            t.set_base(f"http://127.0.0.1:{server.port}")
        out["healthz_at_end"] = server.get("/healthz")[0]
        await asyncio.to_thread(server.stop)
    out["tables"] = tables
    return out


def run(seconds: float = 2.0, tables: int = 2, workdir: Path | None = None, size_mb: int = 24, log=print) -> dict:
    reason = unavailable()
    if reason:
        return {"unavailable": reason}
    tmp = Path(workdir or tempfile.mkdtemp(prefix="hauntkit-storage-"))
    content_dir = house_content(tmp)
    import json
    content = json.loads((content_dir / "house.json").read_text(encoding="utf-8"))
    fs = LoopFs(tmp, size_mb)
    fs.make()
    try:
        server = Server(fs.mnt / "tables.sqlite3", content_dir, tmp / "server.log", ["--sync", "FULL"]).start()
        started = time.monotonic()
        try:
            out = asyncio.run(_scenario(fs, server, list(content["characters"])[:3], tables, seconds, log))
        finally:
            server.kill() if server.proc and server.proc.poll() is None else None
        played = out.pop("tables")
        db = replay.open_db(server.db)
        lost = 0
        for t in played:
            logged = {r[1]: (r[0], r[6]) for r in replay.rows(db, t.tid)}
            lost += sum(1 for rid, (v, answer) in t.acked.items()
                        if rid not in logged or logged[rid][0] != v or logged[rid][1].encode() != answer)
        db.close()
        out.update(acknowledged=sum(len(t.acked) for t in played), lost=lost,
                   refused=[r for t in played for r in t.refused][:10],
                   tracebacks=sum("Traceback" in line for line in server.log_problems()),
                   seconds=round(time.monotonic() - started, 1), log=str(server.log_path))
        return out
    finally:
        if fs.mounted:
            subprocess.run(["umount", "-l", str(fs.mnt)], stderr=subprocess.DEVNULL)
