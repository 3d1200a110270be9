"""A build either replaces `build/` whole or leaves it as it was.

Validation catches what it can before anything is written, but some
problems only show in a later stage (a character the font lacks, found
while rendering). So every stage writes into a staging folder beside
`build/`: it starts as a hard-linked copy (every output is written through
`pipeline.atomic`, by a new file renamed into place, so a link is replaced,
never written through), and only a build that finished is swapped in; one
that failed is deleted, and `build/` keeps every byte.
"""
from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
from pathlib import Path

RENAME_EXCHANGE = 2


def _link_tree(src: Path, dst: Path) -> None:
    for folder, dirs, files in os.walk(src):
        rel = Path(folder).relative_to(src)
        (dst / rel).mkdir(parents=True, exist_ok=True)
        for name in files:
            try:
                os.link(Path(folder) / name, dst / rel / name)
            except OSError:                 # no hard links here: a copy does the same, slower
                shutil.copy2(Path(folder) / name, dst / rel / name)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step (Linux renameat2); False where that is not available."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd = -100
    return renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), RENAME_EXCHANGE) == 0


@contextlib.contextmanager
def staged(build_dir: Path):
    """Yields the folder to build into; swaps it in if the block finishes."""
    build_dir = Path(build_dir)
    stage = build_dir.with_name(f".{build_dir.name}.staging-{os.getpid()}")
    shutil.rmtree(stage, ignore_errors=True)
    if build_dir.is_dir():
        _link_tree(build_dir, stage)
    else:
        stage.mkdir(parents=True)
    try:
        yield stage
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    if build_dir.is_dir():
        if not _exchange(stage, build_dir):
            old = build_dir.with_name(f".{build_dir.name}.old-{os.getpid()}")
            os.replace(build_dir, old)
            os.replace(stage, build_dir)
            stage = old
        shutil.rmtree(stage, ignore_errors=True)       # the previous build, now
    else:
        os.replace(stage, build_dir)
