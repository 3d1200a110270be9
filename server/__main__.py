"""`python -m server`: run the rules server (see `--help`)."""
from __future__ import annotations

import logging
import sys

from aiohttp import web

from . import actionlog
from .app import create_app
from .settings import parse
from .tables import tune_collector


def main(argv: list[str] | None = None) -> int:
    settings = parse(argv)
    logging.basicConfig(level=settings.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    # Action lines are JSON with their own timestamp: one cheap write each.
    sys.stderr.flush()
    actionlog.write_to(sys.stderr.fileno())
    tune_collector()
    app = create_app(settings)
    print(f"hauntkit rules server on http://{settings.host}:{settings.port} "
          f"(db {settings.db_path}, content {settings.content_dir}, assets {settings.asset_dir})", flush=True)
    # No access log: our own action lines carry what matters and never a token.
    # keepalive_timeout also closes a connection whose request never completes.
    web.run_app(app, host=settings.host, port=settings.port, access_log=None, print=None,
                keepalive_timeout=settings.idle_timeout)
    actionlog.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
