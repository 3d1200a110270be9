"""Server settings from flags and environment.

A flag wins over its environment variable, which wins over the default, so a
host can keep a fixed `.env`-style set-up and still override one value on
the command line (`make serve PORT=9000`).
"""
from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, field
from pathlib import Path

ENV_PREFIX = "HAUNTKIT_"


def default_db_path() -> Path:
    """The tables are players' games, not build output: they live in the
    user's data folder, where `make clean` and a fresh clone never reach."""
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "hauntkit" / "tables.sqlite3"


@dataclass
class Settings:
    host: str = "127.0.0.1"
    port: int = 8787
    db_path: Path = field(default_factory=default_db_path)
    # Compiled content (build/content/<ruleset>.json) the engines play.
    content_dir: Path = Path("build/content")
    # The build's assets served under /assets/ (images the saves point at).
    asset_dir: Path = Path("build/assets")
    # The address players' TTS reach this server at; used in links we hand out.
    public_base_url: str = ""
    # Origins allowed to call from a browser; empty means CORS stays off.
    cors_origins: tuple[str, ...] = ()
    max_body_bytes: int = 64 * 1024
    # Per-token token bucket: sustained requests per second and burst size.
    rate_per_second: float = 20.0
    rate_burst: int = 40
    # A state snapshot every this many actions bounds the replay on start.
    snapshot_every: int = 50
    # FULL: an action is answered only once the disk has it (actions
    # arriving together share one fsync of the WAL), so an accepted action
    # survives a power cut. NORMAL (WAL): it survives a crash of the server but a power
    # cut may lose the last moments (the log stays consistent); for disks
    # where an fsync is slow.
    sqlite_sync: str = "FULL"
    # Per-address token bucket on every /v1 request, before its body is
    # read or its token looked at (a bogus token gets no bucket of its own).
    address_rate: float = 50.0
    address_burst: int = 100
    # Tables created per address: sustained per second, and burst.
    create_rate: float = 0.1
    create_burst: int = 10
    # Peers (a TLS proxy in front) whose X-Forwarded-For names the client.
    trusted_proxies: tuple[str, ...] = ()
    # A connection with no whole request this long after it opened or was
    # last answered is closed; a body must arrive within body_seconds.
    idle_timeout: float = 30.0
    body_seconds: float = 10.0
    # Tables unused this long leave memory (rebuilt from the store on their
    # next request); at most max_live stay in memory.
    idle_seconds: float = 600.0
    max_live: int = 1000
    # A table nobody acted on expires this long after its creation; a game
    # that ended, this long after its end. Unfinished games never expire.
    expire_unplayed: float = 6 * 3600.0
    expire_over: float = 7 * 86400.0
    log_level: str = "INFO"
    extra: dict = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return self.public_base_url or f"http://{self.host}:{self.port}"


UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def duration(text: str) -> float:
    """Seconds from `90`, `90s`, `10m`, `6h` or `7d`."""
    text = str(text).strip().lower()
    scale = UNITS.get(text[-1:], None)
    number = text[:-1] if scale else text
    try:
        value = float(number) * (scale or 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected seconds, or a number with s, m, h or d") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: expected more than 0")
    return value


def _env(name: str) -> str | None:
    value = os.environ.get(ENV_PREFIX + name)
    return value if value not in (None, "") else None


def parse(argv: list[str] | None = None) -> Settings:
    d = Settings()
    p = argparse.ArgumentParser(prog="python -m server", description="the hauntkit rules server")
    p.add_argument("--host", default=_env("HOST") or d.host)
    p.add_argument("--port", type=int, default=int(_env("PORT") or d.port))
    p.add_argument("--db", default=_env("DB") or str(d.db_path), help="SQLite file (created if missing)")
    p.add_argument("--content", default=_env("CONTENT") or str(d.content_dir), help="compiled content folder")
    p.add_argument("--assets", default=_env("ASSETS") or str(d.asset_dir), help="folder served under /assets/")
    p.add_argument("--public-url", default=_env("PUBLIC_URL") or "",
                   help="base URL players reach this server at")
    p.add_argument("--cors", default=_env("CORS") or "", help="comma-separated allowed origins (default: CORS off)")
    p.add_argument("--max-body", type=int, default=int(_env("MAX_BODY") or d.max_body_bytes))
    p.add_argument("--rate", type=float, default=float(_env("RATE") or d.rate_per_second),
                   help="requests per second per token")
    p.add_argument("--burst", type=int, default=int(_env("BURST") or d.rate_burst))
    p.add_argument("--snapshot-every", type=int, default=int(_env("SNAPSHOT_EVERY") or d.snapshot_every))
    p.add_argument("--sync", choices=["FULL", "NORMAL"], default=(_env("SYNC") or d.sqlite_sync).upper())
    p.add_argument("--address-rate", type=float, default=float(_env("ADDRESS_RATE") or d.address_rate),
                   help="requests per second per client address, on every /v1 route")
    p.add_argument("--address-burst", type=int, default=int(_env("ADDRESS_BURST") or d.address_burst))
    p.add_argument("--create-rate", type=float, default=float(_env("CREATE_RATE") or d.create_rate),
                   help="tables created per second per client address (default one every 10 s)")
    p.add_argument("--create-burst", type=int, default=int(_env("CREATE_BURST") or d.create_burst))
    p.add_argument("--trusted-proxy", default=_env("TRUSTED_PROXY") or "",
                   help="comma-separated addresses of proxies whose X-Forwarded-For names the client")
    p.add_argument("--idle-timeout", type=duration, default=duration(_env("IDLE_TIMEOUT") or d.idle_timeout),
                   help="close a connection with no whole request for this long")
    p.add_argument("--body-timeout", type=duration, default=duration(_env("BODY_TIMEOUT") or d.body_seconds),
                   help="refuse a request whose body has not arrived within this long")
    p.add_argument("--idle-evict", type=duration, default=duration(_env("IDLE_EVICT") or d.idle_seconds),
                   help="tables unused this long leave memory (default 10m)")
    p.add_argument("--max-live", type=int, default=int(_env("MAX_LIVE") or d.max_live),
                   help="at most this many tables in memory")
    p.add_argument("--expire-unplayed", type=duration, default=duration(_env("EXPIRE_UNPLAYED") or d.expire_unplayed),
                   help="delete a table nobody acted on this long after its creation (default 6h)")
    p.add_argument("--expire-over", type=duration, default=duration(_env("EXPIRE_OVER") or d.expire_over),
                   help="delete a finished game this long after its end (default 7d)")
    p.add_argument("--log-level", default=_env("LOG_LEVEL") or d.log_level)
    a = p.parse_args(argv)
    if not 0 < a.port < 65536:
        p.error(f"--port {a.port}: expected 1..65535")
    if a.max_body < 256 or a.rate <= 0 or a.burst < 1 or a.snapshot_every < 1:
        p.error("--max-body ≥ 256, --rate > 0, --burst ≥ 1 and --snapshot-every ≥ 1 are required")
    if a.address_rate <= 0 or a.address_burst < 1 or a.create_rate <= 0 or a.create_burst < 1 or a.max_live < 1:
        p.error("--address-rate and --create-rate > 0, --address-burst, --create-burst and --max-live ≥ 1 "
                "are required")
    return Settings(
        host=a.host, port=a.port, db_path=Path(a.db), content_dir=Path(a.content),
        asset_dir=Path(a.assets), public_base_url=a.public_url.rstrip("/"),
        cors_origins=tuple(o.strip() for o in a.cors.split(",") if o.strip()),
        max_body_bytes=a.max_body, rate_per_second=a.rate, rate_burst=a.burst,
        snapshot_every=a.snapshot_every, sqlite_sync=a.sync, log_level=a.log_level.upper(),
        address_rate=a.address_rate, address_burst=a.address_burst, create_rate=a.create_rate,
        create_burst=a.create_burst, trusted_proxies=tuple(x.strip() for x in a.trusted_proxy.split(",") if x.strip()),
        idle_timeout=a.idle_timeout, body_seconds=a.body_timeout, idle_seconds=a.idle_evict, max_live=a.max_live,
        expire_unplayed=a.expire_unplayed, expire_over=a.expire_over,
    )
