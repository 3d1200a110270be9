"""The content subcommands: `check`, `stats` and `compile`.

Each takes its own argv so the top-level dispatcher stays a table. All of
them load every ruleset before acting, so `compile` never writes one
ruleset's JSON while another is broken, and `check` never writes at all.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .compile import write_compiled
from .errors import ContentError
from .loader import discover_rulesets, load_ruleset
from .model import Ruleset
from .stats import format_stats

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def parser(prog: str, description: str, writes: bool = False) -> argparse.ArgumentParser:
    """The arguments every content-reading command shares; `writes` adds
    --build-dir (read it with `build_dir_arg`)."""
    p = argparse.ArgumentParser(prog=f"python -m pipeline {prog}", description=description)
    p.add_argument("rulesets", nargs="*", help="ruleset names (default: every one found)")
    p.add_argument("--root", type=Path, default=PROJECT_ROOT,
                   help="project folder holding cards/ and tiles/ (default: this checkout)")
    if writes:
        p.add_argument("--build-dir", type=Path, default=None, help="default: <root>/build")
    return p


def build_dir_arg(args: argparse.Namespace) -> Path:
    return args.build_dir or args.root / "build"


def load_all(root: Path, names: list[str]) -> tuple[list[Ruleset], list[str]]:
    """Every named (or found) ruleset, and every problem line of those that fail."""
    names = names or discover_rulesets(root)
    if not names:
        return [], [f"no content found under {root}/cards or {root}/tiles"]
    loaded, problems = [], []
    for name in names:
        try:
            loaded.append(load_ruleset(root, name))
        except ContentError as exc:
            problems.extend(str(p) for p in exc.problems)
            problems.append(f"{name}: {len(exc.problems)} problem(s)")
    return loaded, problems


def report(problems: list[str]) -> int:
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


def check_main(argv: list[str]) -> int:
    args = parser("check", "Validate the content; writes nothing.").parse_args(argv)
    loaded, problems = load_all(args.root, args.rulesets)
    for rs in loaded:
        print(f"{rs.name}: ok ({len(rs.sources)} files, {len(rs.rooms)} rooms, "
              f"{sum(len(rs.cards(d)) for d in ('event', 'item', 'omen'))} cards)")
    return report(problems)


def stats_main(argv: list[str]) -> int:
    args = parser("stats", "Count the content per kind and compare with the targets.").parse_args(argv)
    loaded, problems = load_all(args.root, args.rulesets)
    for rs in loaded:
        print("\n".join(format_stats(rs)))
    return report(problems)


def compile_main(argv: list[str]) -> int:
    args = parser("compile", "Write build/content/<ruleset>.json for every ruleset.", writes=True).parse_args(argv)
    loaded, problems = load_all(args.root, args.rulesets)
    if problems:
        return report(problems + ["nothing written"])
    for rs in loaded:
        path = write_compiled(rs, args.root, build_dir_arg(args))
        print(f"{rs.name}: wrote {path}")
    return 0
