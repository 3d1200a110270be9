"""Render one job to its file; runs in a pool worker or in-process."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from ..atomic import write_via
from . import layouts
from .paint import LayoutError, paint
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


def render_image(job) -> Image.Image:
    import rulesets
    elements = rulesets.builder(job.ruleset).RENDER.elements if job.ruleset else None
    return paint(layouts.load(job.layout, job.ruleset or None), job.env, job.locale,
                 {k: Path(v) for k, v in job.icons.items()}, job.scale, elements)


def run(job, out_dir: str, intermediate: bool = False) -> tuple[str, str | None]:
    """Returns (file name, error message or None)."""
    try:
        img = render_image(job)
    except TextOverflow as e:
        return job.filename, f"{job.where}: {e}"
    except (LayoutError, KeyError) as e:
        return job.filename, f"{job.where}: layout {job.layout}: {e}"
    atomic_save(img, Path(out_dir) / job.filename, **save_params(job.ext, intermediate))
    return job.filename, None
