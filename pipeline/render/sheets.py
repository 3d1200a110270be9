"""TTS deck sheets: cards in row-major cells, the hidden image in the last.

At most 69 cards go on a 10×7 sheet so the 70th cell can hold the image TTS
shows for hidden cards (`BackIsHidden: false`); smaller decks get a smaller
grid whose last cell plays that role. Sheets are JPEG at quality 90 with no
chroma subsampling (4:4:4): small coloured text keeps its edges, see
docs/BENCHMARKS.md for the measurements behind that choice.
"""
from __future__ import annotations

import hashlib
import math
from pathlib import Path

from PIL import Image

from .worker import atomic_save

MAX_COLS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLS * MAX_ROWS - 1
MAX_SIDE = 4096
JPEG = {"format": "JPEG", "quality": 90, "subsampling": 0}


def grid(n_cards: int) -> tuple[int, int]:
    """Columns and rows for `n_cards` faces plus the hidden cell."""
    if not 1 <= n_cards <= PER_SHEET:
        raise ValueError(f"a sheet holds 1..{PER_SHEET} cards, not {n_cards}")
    cells = n_cards + 1
    cols = min(MAX_COLS, cells)
    return cols, math.ceil(cells / cols)


def chunks(ids: list[str]) -> list[list[str]]:
    return [ids[i:i + PER_SHEET] for i in range(0, len(ids), PER_SHEET)]


def sheet_digest(face_files: list[str], back_file: str, cols: int, rows: int, version: str) -> str:
    h = hashlib.sha256(repr((face_files, back_file, cols, rows, JPEG, version)).encode())
    return h.hexdigest()[:12]


def compose(faces: list[Path], hidden: Path, cell: tuple[int, int]) -> Image.Image:
    cols, rows = grid(len(faces))
    cw, ch = cell
    if cols * cw > MAX_SIDE or rows * ch > MAX_SIDE:
        raise ValueError(f"sheet {cols * cw}×{rows * ch} px exceeds {MAX_SIDE} px")
    sheet = Image.new("RGB", (cols * cw, rows * ch), "black")
    for i, path in enumerate(faces):
        with Image.open(path) as im:
            if im.size != (cw, ch):
                raise ValueError(f"{path.name} is {im.size}, cells are {cell}")
            sheet.paste(im, ((i % cols) * cw, (i // cols) * ch))
    last = cols * rows - 1
    with Image.open(hidden) as im:
        sheet.paste(im, ((last % cols) * cw, (last // cols) * ch))
    return sheet


def write(faces: list[Path], hidden: Path, cell: tuple[int, int], out: Path) -> None:
    atomic_save(compose(faces, hidden, cell), out, **JPEG)
