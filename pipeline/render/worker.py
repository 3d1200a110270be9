"""Render one job to its file; runs in a pool worker or in-process."""
from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from ..atomic import write_bytes, write_via
from . import checks, layouts
from .fonts import FontError
from .paint import LayoutError, paint_checked
from .text import TextOverflow


def atomic_save(img: Image.Image, path: Path, **params) -> None:
    write_via(path, lambda tmp: img.save(tmp, **params))


def save_params(ext: str, intermediate: bool = False) -> dict:
    if ext == "ppm":
        # Card faces only feed the sheets: raw pixels decode in 0.4 ms against
        # 4 ms for PNG, which is most of the sheet stage (docs/BENCHMARKS.md).
        return {"format": "PPM"}
    if ext == "png":
        # Level 1: 3× faster than the default for ~5% more bytes on flat art.
        return {"format": "PNG", "compress_level": 1 if intermediate else 3}
    return {"format": "JPEG", "quality": 90, "subsampling": 0}


def render_checked(job) -> tuple[Image.Image, dict]:
    import rulesets
    elements = rulesets.builder(job.ruleset).RENDER.elements if job.ruleset else None
    return paint_checked(layouts.load(job.layout, job.ruleset or None), job.env, job.locale,
                         {k: Path(v) for k, v in job.icons.items()}, job.scale, elements)


def render_image(job) -> Image.Image:
    return render_checked(job)[0]


def run(job, out_dir: str, intermediate: bool = False,
        report_dir: str | None = None) -> tuple[str, str | None]:
    """Returns (file name, error message or None). The check report goes to
    `report_dir` (see `checks`), written before the image so an image on
    disk always has its report."""
    try:
        img, report = render_checked(job)
    except TextOverflow as e:
        return job.filename, f"{job.where}: {e}"
    except (LayoutError, KeyError, FontError) as e:
        return job.filename, f"{job.where}: layout {job.layout}: {e}"
    if report_dir is not None:
        report.update(file=job.filename, kind=job.kind, key=[str(k) for k in job.key],
                      locale=job.locale, where=job.where)
        write_bytes(Path(report_dir) / checks.report_name(job.filename),
                    json.dumps(report, ensure_ascii=False, sort_keys=True).encode())
    atomic_save(img, Path(out_dir) / job.filename, **save_params(job.ext, intermediate))
    return job.filename, None
