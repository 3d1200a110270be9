"""Print-and-play PDFs: `python -m pipeline pnp` → build/pnp/<ruleset>.<locale>.pdf

Cards are printed at 63 × 88 mm (poker size) with 3 mm bleed, eight to an A4
landscape page (4 × 2, bleeds touching) so the margins have room for crop
marks on every trim line. Faces are rendered at twice the TTS scale
(818 × 1170 px, about 330 dpi at 63 mm); the bleed repeats the card's edge
pixels. Each deck starts a new page and is followed by its backs page,
mirrored left-right for long-edge duplex printing. The PDF's dates and file
id are fixed, so the same build gives the same bytes.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
from pathlib import Path

from PIL import Image

from pipeline.content.model import DECKS, LOCALES, Ruleset

from . import icons, stage
from .errors import RenderError
from .specs import SpecBuilder
from .worker import atomic_save

TRIM_MM = (63.0, 88.0)
BLEED_MM = 3.0
PAGE_MM = (297.0, 210.0)          # A4 landscape
GRID = (4, 2)
MARK_MM, MARK_GAP_MM = 5.0, 1.0
SCALE = 2.0
FIXED_DATE = dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc)


def with_bleed(img: Image.Image) -> Image.Image:
    """Extend the card by BLEED on every side by stretching its edge pixels."""
    w, h = img.size
    b = round(w * BLEED_MM / TRIM_MM[0])
    out = Image.new("RGB", (w + 2 * b, h + 2 * b))
    out.paste(img, (b, b))
    out.paste(img.crop((0, 0, w, 1)).resize((w, b)), (b, 0))
    out.paste(img.crop((0, h - 1, w, h)).resize((w, b)), (b, h + b))
    out.paste(out.crop((b, 0, b + 1, h + 2 * b)).resize((b, h + 2 * b)), (0, 0))
    out.paste(out.crop((w + b - 1, 0, w + b, h + 2 * b)).resize((b, h + 2 * b)), (w + b, 0))
    return out


def _origin() -> tuple[float, float]:
    cw, ch = TRIM_MM[0] + 2 * BLEED_MM, TRIM_MM[1] + 2 * BLEED_MM
    return (PAGE_MM[0] - GRID[0] * cw) / 2, (PAGE_MM[1] - GRID[1] * ch) / 2


def _crop_marks(pdf) -> None:
    x0, y0 = _origin()
    cw, ch = TRIM_MM[0] + 2 * BLEED_MM, TRIM_MM[1] + 2 * BLEED_MM
    x1, y1 = x0 + GRID[0] * cw, y0 + GRID[1] * ch
    pdf.set_line_width(0.2)
    for c in range(GRID[0]):
        for x in (x0 + c * cw + BLEED_MM, x0 + (c + 1) * cw - BLEED_MM):
            pdf.line(x, y0 - MARK_GAP_MM - MARK_MM, x, y0 - MARK_GAP_MM)
            pdf.line(x, y1 + MARK_GAP_MM, x, y1 + MARK_GAP_MM + MARK_MM)
    for r in range(GRID[1]):
        for y in (y0 + r * ch + BLEED_MM, y0 + (r + 1) * ch - BLEED_MM):
            pdf.line(x0 - MARK_GAP_MM - MARK_MM, y, x0 - MARK_GAP_MM, y)
            pdf.line(x1 + MARK_GAP_MM, y, x1 + MARK_GAP_MM + MARK_MM, y)


def _page(pdf, images: list[Path], mirror: bool) -> None:
    pdf.add_page()
    x0, y0 = _origin()
    cw, ch = TRIM_MM[0] + 2 * BLEED_MM, TRIM_MM[1] + 2 * BLEED_MM
    for i, path in enumerate(images):
        c, r = i % GRID[0], i // GRID[0]
        if mirror:
            c = GRID[0] - 1 - c
        pdf.image(str(path), x=x0 + c * cw, y=y0 + r * ch, w=cw, h=ch)
    _crop_marks(pdf)


def _bled(src: Path, cache: Path) -> Path:
    out = cache / (src.stem + ".bleed.jpg")
    if not out.exists():
        with Image.open(src) as im:
            atomic_save(with_bleed(im.convert("RGB")), out, format="JPEG", quality=92, subsampling=0)
    return out


def build_pnp(ruleset: Ruleset, root: Path, build_dir: Path, locales=LOCALES,
              jobs: int | None = None, progress: bool = True) -> list[Path]:
    from fpdf import FPDF
    cache = build_dir / "cache" / "pnp"
    out_dir = build_dir / "pnp"
    cache.mkdir(parents=True, exist_ok=True)
    out_dir.mkdir(parents=True, exist_ok=True)
    icons.set_cache_dir(build_dir / "cache" / "icons")
    spec = SpecBuilder(ruleset, root, scale=SCALE, face_ext="png")
    all_jobs = []
    for loc in locales:
        all_jobs += spec.cards(loc) + spec.backs(loc)
    if spec.errors:
        raise RenderError("\n".join(dict.fromkeys(spec.errors)))
    all_jobs = [j.finish(ruleset.name) for j in all_jobs]
    todo = [(j, str(cache), True) for j in all_jobs if not (cache / j.filename).exists()]
    errors = stage._run_jobs(todo, jobs or os.cpu_count() or 1, progress)
    if errors:
        raise RenderError("\n".join(sorted(errors)))
    by_key = {(j.locale, j.key): cache / j.filename for j in all_jobs}
    written = []
    per_page = GRID[0] * GRID[1]
    for loc in locales:
        pdf = FPDF(orientation="L", unit="mm", format="A4")
        pdf.set_auto_page_break(False)
        pdf.set_creation_date(FIXED_DATE)
        pdf.file_id = lambda *_: f"<{ruleset.name}{loc}><{ruleset.name}{loc}>".replace("-", "")
        pdf.set_title(f"{ruleset.name} print-and-play ({loc})")
        for deck in DECKS:
            faces = [_bled(by_key[(loc, ("face", deck, cid))], cache) for cid in ruleset.cards(deck)]
            back = _bled(by_key[(loc, ("back", deck))], cache)
            for i in range(0, len(faces), per_page):
                chunk = faces[i:i + per_page]
                _page(pdf, chunk, mirror=False)
                _page(pdf, [back] * len(chunk), mirror=True)
        target = out_dir / f"{ruleset.name}.{loc}.pdf"
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        pdf.output(str(tmp))
        os.replace(tmp, target)
        written.append(target)
    return written


def main(argv: list[str]) -> int:
    from pipeline.content.cli import load_all, parser, report
    p: argparse.ArgumentParser = parser("pnp", "Print-and-play PDFs per locale (build/pnp/).")
    p.add_argument("--build-dir", type=Path, default=None, help="default: <root>/build")
    args = p.parse_args(argv)
    loaded, problems = load_all(args.root, args.rulesets)
    if problems:
        return report(problems + ["pnp stopped: nothing written"])
    build_dir = args.build_dir or args.root / "build"
    for rs in loaded:
        try:
            for path in build_pnp(rs, args.root, build_dir):
                print(f"{rs.name}: {path}")
        except RenderError as e:
            return report(e.lines)
    return 0
