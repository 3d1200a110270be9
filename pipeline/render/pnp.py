"""Print-and-play PDFs: `python -m pipeline pnp` → build/pnp/<ruleset>.<locale>.pdf

A first page says how to print, flip and cut (`layouts/pnp_guide.yaml`,
its words from the ruleset's `RENDER.pnp_guide`). Then everything
printable, each with 3 mm bleed (the image's edge pixels stretched
outwards) and crop marks on every trim line, on A4 landscape. Cards are
63 × 88 mm (poker size; the 409 × 571 px face has that shape), eight a page,
rendered at twice the TTS scale (818 × 1142 px, 330 dpi); a ruleset adds
its own print kinds and lists what to print in which order
(`RENDER.pnp_jobs`, `RENDER.pnp_sections`). Items sit in a grid with bleeds
touching, so the margins leave space for the marks. Every page of fronts is
followed by the page of their backs, mirrored left-right: on landscape
pages that lines up when the sheet turns over its *short* edge, so duplex
printing must be set to "flip on short edge". Dates and the file id are
fixed, so the same build gives the same bytes.
"""
from __future__ import annotations

import hashlib
import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from typing import Any

from kit.words import LOCALES

from ..atomic import write_via
from . import icons, layouts, stage
from .errors import RenderError
from .jobs import Job
from .worker import atomic_save

BLEED_MM = 3.0
PAGE_MM = (297.0, 210.0)          # A4 landscape
MARK_MM, MARK_GAP_MM = 5.0, 1.0
MIN_MARGIN_MM = MARK_GAP_MM + MARK_MM + 3.0   # marks clear of a 3 mm unprintable edge
FIXED_DATE = dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc)


@dataclass(frozen=True)
class PrintKind:
    """A printed size: its trim in mm and the render scale that gives ~300 dpi."""
    trim_mm: tuple[float, float]
    scale: float

    @property
    def cell_mm(self) -> tuple[float, float]:
        return self.trim_mm[0] + 2 * BLEED_MM, self.trim_mm[1] + 2 * BLEED_MM

    @property
    def grid(self) -> tuple[int, int]:
        cw, ch = self.cell_mm
        return (int((PAGE_MM[0] - 2 * MIN_MARGIN_MM) // cw),
                int((PAGE_MM[1] - 2 * MIN_MARGIN_MM) // ch))

    def origin(self) -> tuple[float, float]:
        (cw, ch), (cols, rows) = self.cell_mm, self.grid
        return (PAGE_MM[0] - cols * cw) / 2, (PAGE_MM[1] - rows * ch) / 2


CARD = PrintKind((63.0, 88.0), 2.0)


def with_bleed(img: Image.Image, trim_w_mm: float = CARD.trim_mm[0]) -> Image.Image:
    """Extend the image by BLEED on every side by stretching its edge pixels."""
    w, h = img.size
    b = round(w * BLEED_MM / trim_w_mm)
    out = Image.new("RGB", (w + 2 * b, h + 2 * b))
    out.paste(img, (b, b))
    out.paste(img.crop((0, 0, w, 1)).resize((w, b)), (b, 0))
    out.paste(img.crop((0, h - 1, w, h)).resize((w, b)), (b, h + b))
    out.paste(out.crop((b, 0, b + 1, h + 2 * b)).resize((b, h + 2 * b)), (0, 0))
    out.paste(out.crop((w + b - 1, 0, w + b, h + 2 * b)).resize((b, h + 2 * b)), (w + b, 0))
    return out


def _crop_marks(pdf, kind: PrintKind) -> None:
    (x0, y0), (cw, ch), (cols, rows) = kind.origin(), kind.cell_mm, kind.grid
    x1, y1 = x0 + cols * cw, y0 + rows * ch
    pdf.set_line_width(0.2)
    for c in range(cols):
        for x in (x0 + c * cw + BLEED_MM, x0 + (c + 1) * cw - BLEED_MM):
            pdf.line(x, y0 - MARK_GAP_MM - MARK_MM, x, y0 - MARK_GAP_MM)
            pdf.line(x, y1 + MARK_GAP_MM, x, y1 + MARK_GAP_MM + MARK_MM)
    for r in range(rows):
        for y in (y0 + r * ch + BLEED_MM, y0 + (r + 1) * ch - BLEED_MM):
            pdf.line(x0 - MARK_GAP_MM - MARK_MM, y, x0 - MARK_GAP_MM, y)
            pdf.line(x1 + MARK_GAP_MM, y, x1 + MARK_GAP_MM + MARK_MM, y)


def _page(pdf, kind: PrintKind, images: list[Path], mirror: bool) -> None:
    pdf.add_page()
    (x0, y0), (cw, ch), (cols, _) = kind.origin(), kind.cell_mm, kind.grid
    for i, path in enumerate(images):
        c, r = i % cols, i // cols
        if mirror:
            c = cols - 1 - c
        pdf.image(str(path), x=x0 + c * cw, y=y0 + r * ch, w=cw, h=ch)
    _crop_marks(pdf, kind)


def _pages(pdf, kind: PrintKind, pairs: list[tuple[Path, Path]]) -> None:
    """Fronts then their backs, page by page."""
    per_page = kind.grid[0] * kind.grid[1]
    for i in range(0, len(pairs), per_page):
        chunk = pairs[i:i + per_page]
        _page(pdf, kind, [f for f, _ in chunk], mirror=False)
        _page(pdf, kind, [b for _, b in chunk], mirror=True)


class _Bleeder:
    def __init__(self, cache: Path, by_key: dict):
        self.cache, self.by_key = cache, by_key

    def __call__(self, locale: str, key: tuple, kind: PrintKind) -> Path:
        src = self.by_key[(locale, key)]
        out = self.cache / (src.stem + ".bleed.jpg")
        if not out.exists():
            with Image.open(src) as im:
                atomic_save(with_bleed(im.convert("RGB"), kind.trim_mm[0]), out,
                            format="JPEG", quality=92, subsampling=0)
        return out


def mm(kind: PrintKind) -> str:
    """"63 × 88 mm", for the guide page."""
    w, h = (f"{v:g}" for v in kind.trim_mm)
    return f"{w} × {h} mm"


def guide_job(ruleset: str, locale: str, root: Path, title: str, text: str, symbol: str | None) -> Job:
    """The first page: how to print, flip and cut, in the ruleset's words."""
    return Job(kind="guide", key=("guide",), locale=locale, layout="pnp_guide",
               env={"title": title, "text": text, "symbol": "symbol" if symbol else ""},
               icons={"symbol": str(icons.icon_path(symbol, root))} if symbol else {},
               where="layouts/pnp_guide.yaml", ext="png").finish(ruleset)


def _guide_words(spec: Any, ruleset: Any, locale: str) -> tuple[str, str, str | None]:
    """The ruleset's guide (`RENDER.pnp_guide`), or the shared words with its print sizes."""
    if hasattr(spec, "pnp_guide"):
        return spec.pnp_guide(ruleset, locale)
    from kit.words import catalog
    words = catalog()
    kinds = list(dict.fromkeys(kind for kind, _ in spec.pnp_sections(ruleset, locale)))
    sizes = words.get("list_sep", locale).join(mm(k) for k in kinds) if "list_sep" in words else \
        ", ".join(mm(k) for k in kinds)
    return words.get("pnp.title", locale), words.get("pnp.guide", locale, sizes=sizes), None


def build_pnp(ruleset: Any, root: Path, build_dir: Path, locales=LOCALES,
              jobs: int | None = None, progress: bool = True) -> list[Path]:
    from fpdf import FPDF
    cache = build_dir / "cache" / "pnp"
    out_dir = build_dir / "pnp"
    cache.mkdir(parents=True, exist_ok=True)
    out_dir.mkdir(parents=True, exist_ok=True)
    icons.set_cache_dir(build_dir / "cache" / "icons")
    spec = stage.render_spec(ruleset.name)
    guides = {loc: guide_job(ruleset.name, loc, root, *_guide_words(spec, ruleset, loc)) for loc in locales}
    all_jobs = spec.pnp_jobs(ruleset, root, locales) + list(guides.values())
    todo = [(j, str(cache), True) for j in all_jobs if not (cache / j.filename).exists()]
    errors = stage._run_jobs(todo, jobs or os.cpu_count() or 1, progress)
    if errors:
        raise RenderError("\n".join(sorted(errors)))
    bled = _Bleeder(cache, {(j.locale, j.key): cache / j.filename for j in all_jobs})
    written = []
    for loc in locales:
        pdf = FPDF(orientation="L", unit="mm", format="A4")
        pdf.set_auto_page_break(False)
        pdf.set_creation_date(FIXED_DATE)
        # A fixed trailer /ID keeps the bytes stable; PDF wants it as hex strings.
        file_id = hashlib.sha256(f"{ruleset.name}:{loc}".encode()).hexdigest()[:32]
        pdf.file_id = lambda *_, fid=file_id: f"<{fid}><{fid}>"
        pdf.set_title(f"{ruleset.name} print-and-play ({loc})")
        pdf.add_page()
        pdf.image(str(cache / guides[loc].filename), x=0, y=0, w=PAGE_MM[0], h=PAGE_MM[1])
        for kind, pairs in spec.pnp_sections(ruleset, loc):
            _pages(pdf, kind, [(bled(loc, front, kind), bled(loc, back, kind)) for front, back in pairs])
        target = out_dir / f"{ruleset.name}.{loc}.pdf"
        write_via(target, lambda tmp: pdf.output(str(tmp)))
        written.append(target)
    if tuple(locales) == tuple(LOCALES):  # a full run knows every file still in use
        keep = {j.filename for j in all_jobs} | {Path(j.filename).stem + ".bleed.jpg" for j in all_jobs}
        stage.sweep(ruleset.name, (cache,), keep)
    return written


def main(argv: list[str]) -> int:
    from pipeline.content.cli import build_dir_arg, load_args, parser, report
    args = parser("pnp", "Print-and-play PDFs per locale (build/pnp/).", writes=True).parse_args(argv)
    loaded, problems = load_args(args)
    if problems:
        return report(problems + ["pnp stopped: nothing written"])
    for rs in loaded:
        try:
            for path in build_pnp(rs, args.root, build_dir_arg(args)):
                print(f"{rs.name}: {path}")
        except RenderError as e:
            return report(e.lines)
    return 0
