"""The content subcommands: `check`, `stats` and `compile`.

Each takes its own argv so the top-level dispatcher stays a table. All of
them load every ruleset before acting, so `compile` never writes one
ruleset's JSON while another is broken, and `check` never writes at all.
Rulesets come from the registry (`rulesets`), each with its own content
folder; `--content NAME=DIR` reads a ruleset's content from another folder
(a mod author's copy, a test tree).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import rulesets

from .compile import write_compiled
from .errors import ContentError
from .loader import PROJECT_ROOT, content_spec, load_ruleset


def _content_arg(value: str) -> tuple[str, Path]:
    name, sep, folder = value.partition("=")
    if not sep or not name or not folder:
        raise argparse.ArgumentTypeError(f"expected NAME=FOLDER, got {value!r}")
    return name, Path(folder)


def parser(prog: str, description: str, writes: bool = False) -> argparse.ArgumentParser:
    """The arguments every content-reading command shares; `writes` adds
    --build-dir (read it with `build_dir_arg`)."""
    p = argparse.ArgumentParser(prog=f"python -m pipeline {prog}", description=description)
    p.add_argument("rulesets", nargs="*", help="ruleset names (default: every registered one, "
                   "or those given with --content)")
    p.add_argument("--root", type=Path, default=PROJECT_ROOT,
                   help="project folder: problems name files relative to it, build/ lies in it "
                        "(default: this checkout)")
    p.add_argument("--content", type=_content_arg, action="append", default=[], metavar="NAME=FOLDER",
                   help="read ruleset NAME's content from FOLDER instead of rulesets/NAME/content/")
    if writes:
        p.add_argument("--build-dir", type=Path, default=None, help="default: <root>/build")
    return p


def build_dir_arg(args: argparse.Namespace) -> Path:
    return args.build_dir or args.root / "build"


def selected(args: argparse.Namespace) -> tuple[list[str], dict[str, Path]]:
    folders = dict(args.content)
    names = list(args.rulesets) or (sorted(folders) if folders else rulesets.names())
    return names, folders


def load_all(root: Path, names: list[str], folders: dict[str, Path] | None = None) -> tuple[list[Any], list[str]]:
    """Every named ruleset, and every problem line of those that fail."""
    folders = folders or {}
    loaded, problems = [], []
    for name in names or rulesets.names():
        try:
            loaded.append(load_ruleset(name, folders.get(name), root))
        except KeyError as exc:
            problems.append(f"{name}: {exc.args[0]}")
        except ContentError as exc:
            problems.extend(str(p) for p in exc.problems)
            problems.append(f"{name}: {len(exc.problems)} problem(s)")
    return loaded, problems


def load_args(args: argparse.Namespace) -> tuple[list[Any], list[str]]:
    names, folders = selected(args)
    return load_all(args.root, names, folders)


def report(problems: list[str]) -> int:
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


def check_main(argv: list[str]) -> int:
    args = parser("check", "Validate the content; writes nothing.").parse_args(argv)
    loaded, problems = load_args(args)
    for content in loaded:
        print(f"{content.name}: ok ({len(content.sources)} files, "
              f"{content_spec(content.name).summary(content)})")
    return report(problems)


def stats_main(argv: list[str]) -> int:
    args = parser("stats", "Count the content per kind and compare with the targets.").parse_args(argv)
    loaded, problems = load_args(args)
    for content in loaded:
        print("\n".join(content_spec(content.name).stats(content)))
    return report(problems)


def compile_main(argv: list[str]) -> int:
    args = parser("compile", "Write build/content/<ruleset>.json for every ruleset.", writes=True).parse_args(argv)
    loaded, problems = load_args(args)
    if problems:
        return report(problems + ["nothing written"])
    for content in loaded:
        path = write_compiled(content, args.root, build_dir_arg(args))
        print(f"{content.name}: wrote {path}")
    return 0
