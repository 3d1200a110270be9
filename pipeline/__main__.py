"""`python -m pipeline <command>`: one entry point for every build step.

Commands are a table of name → "module:function"; each function takes its
own argument list and returns an exit code, so adding a command is one line
here and a `main(argv)` in its module.
"""
from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("pipeline.content.cli:check_main", "validate the content (writes nothing)"),
    "stats": ("pipeline.content.cli:stats_main", "count the content and compare with the targets"),
    "compile": ("pipeline.content.cli:compile_main", "write build/content/<ruleset>.json"),
    "build": ("pipeline.build:main", "check, compile, render and package every ruleset"),
    "install-save": ("pipeline.tts.cli:install_main", "copy build/tts saves into the TTS saves folder"),
    "workshop": ("pipeline.tts.cli:workshop_main", "build Workshop-ready saves (--base-url https://…)"),
    "pnp": ("pipeline.render.pnp:main", "print-and-play PDFs per locale into build/pnp/"),
    "books": ("pipeline.render.books:main", "printed books per locale into build/print/"),
    "proof": ("pipeline.render.proof:main", "contact sheets per deck and locale into build/proof/"),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    top = argparse.ArgumentParser(prog="python -m pipeline",
                                  description="Build hauntkit content, images and saves.")
    sub = top.add_subparsers(dest="command", metavar="command", required=True)
    for name, (_, help_text) in COMMANDS.items():
        sub.add_parser(name, help=help_text, add_help=False)
    args, rest = top.parse_known_args(argv[:1])
    module, _, func = COMMANDS[args.command][0].partition(":")
    return getattr(importlib.import_module(module), func)(argv[1:] + rest)


if __name__ == "__main__":
    sys.exit(main())
