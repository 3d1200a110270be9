"""`pipeline install-save` and `pipeline workshop`."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def install_main(argv: list[str]) -> int:
    from .install import InstallError, install
    p = argparse.ArgumentParser(prog="python -m pipeline install-save",
                                description="Copy build/tts saves into TTS's saves folder "
                                            "(or $TTS_SAVES).")
    p.add_argument("--build-dir", type=Path, default=ROOT / "build")
    p.add_argument("--dest", type=Path, default=None, help="saves folder (default: the platform's)")
    p.add_argument("--from", dest="source", type=Path, default=None,
                   help="folder of saves to install (default: build/tts; build/workshop for "
                        "the Workshop saves)")
    args = p.parse_args(argv)
    try:
        files = install(args.source or args.build_dir / "tts", args.dest)
    except InstallError as exc:
        print(f"install-save: {exc}", file=sys.stderr)
        return 1
    for f in files:
        print(f"installed {f}")
    return 0


def workshop_main(argv: list[str]) -> int:
    from . import workshop
    from .stage import StageError
    from .urls import BaseUrlError, resolve
    p = argparse.ArgumentParser(prog="python -m pipeline workshop",
                                description="Build Workshop-ready saves into build/workshop/.")
    p.add_argument("--base-url", required=True, help="public http(s) URL serving build/assets/")
    p.add_argument("--build-dir", type=Path, default=ROOT / "build")
    p.add_argument("--root", type=Path, default=ROOT)
    p.add_argument("rulesets", nargs="*", help="default: every ruleset")
    args = p.parse_args(argv)
    try:
        resolve(args.base_url, args.build_dir / "assets", public=True)
    except BaseUrlError as exc:
        print(f"workshop: {exc}", file=sys.stderr)
        return 2
    from pipeline.build import build as full_build
    code = full_build(args.root, args.build_dir, args.rulesets)
    if code:
        return code
    import rulesets
    names = args.rulesets or rulesets.names()
    try:
        for name in names:
            for f in workshop.build(name, args.root, args.build_dir, args.base_url):
                print(f"{name}: workshop → {f}")
    except (StageError, BaseUrlError) as exc:
        print(f"workshop: {exc}", file=sys.stderr)
        return 1
    return 0
