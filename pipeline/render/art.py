"""Composed pictures: every face's art is built from several elements, so
no two faces share a picture even where their subjects are alike.

Layers, bottom up, all seeded by the object's id (the same id always gives
the same picture, and two ids practically never the same one):

1. a gradient ground between the palette's `base` and `deep`;
2. a texture: soft clouds from a seeded noise grid, plus fine grain;
3. light: a glow of the palette's `light` at a seeded spot;
4. a backdrop silhouette (optional): a second icon, large, blurred and
   faint, picked by the seed from the layout's list;
5. the subject: the main icon with a cast shadow, shaded from `ink` at its
   foot to a lighter tone where the light falls;
6. a vignette and a frame line, in the picture's shape (box or ellipse).

Pillow only, no per-pixel Python loops over the picture: the noise grids
are tiny and scaled up, the rest is compositing.
"""
from __future__ import annotations

import hashlib
import random
from pathlib import Path

from PIL import Image, ImageChops, ImageColor, ImageDraw, ImageFilter

from .icons import icon_image


def _rng(seed: str) -> random.Random:
    return random.Random(int(hashlib.sha256(seed.encode()).hexdigest()[:16], 16))


def _rgb(c: str) -> tuple[int, int, int]:
    return ImageColor.getrgb(c)[:3]


def _mix(a: tuple, b: tuple, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def _noise(rng: random.Random, size: tuple[int, int], cells: tuple[int, int], blur: float) -> Image.Image:
    grid = Image.new("L", cells)
    grid.putdata([rng.randrange(256) for _ in range(cells[0] * cells[1])])
    return grid.resize(size, Image.Resampling.BICUBIC).filter(ImageFilter.GaussianBlur(blur))


def _mask(size: tuple[int, int], shape: str, radius: int) -> Image.Image:
    m = Image.new("L", size, 0)
    d = ImageDraw.Draw(m)
    if shape == "ellipse":
        d.ellipse((0, 0, size[0] - 1, size[1] - 1), fill=255)
    else:
        d.rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=255)
    return m


def compose(size: tuple[int, int], subject: Path, seed: str, palette: dict[str, str],
            backdrop: Path | None = None, shape: str = "box", radius: int = 0,
            subject_scale: float = 0.86, frame_width: int = 2) -> Image.Image:
    """An RGBA picture `size` big (transparent outside its shape)."""
    w, h = size
    rng = _rng(seed)
    base, deep = _rgb(palette["base"]), _rgb(palette["deep"])
    light, ink = _rgb(palette["light"]), _rgb(palette["ink"])

    # 1. ground: vertical gradient, turned by a seeded angle
    big = int((w * w + h * h) ** 0.5) + 2        # rotate a larger square, keep its middle
    grad = Image.linear_gradient("L").resize((big, big))
    grad = grad.rotate(rng.uniform(-25, 25), resample=Image.Resampling.BICUBIC)
    grad = grad.crop(((big - w) // 2, (big - h) // 2, (big - w) // 2 + w, (big - h) // 2 + h))
    img = Image.composite(Image.new("RGB", size, deep), Image.new("RGB", size, base), grad)

    # 2. texture: clouds and grain, as gentle light/dark modulation
    clouds = _noise(rng, size, (rng.randint(5, 9), rng.randint(4, 7)), max(w, h) / 40)
    dark = Image.new("RGB", size, _mix(deep, (0, 0, 0), 0.35))
    img = Image.composite(dark, img, clouds.point(lambda v: int(v * 0.28)))
    grain = _noise(rng, (max(1, w // 2), max(1, h // 2)), (max(1, w // 3), max(1, h // 3)), 0).resize(size)
    img = Image.composite(Image.new("RGB", size, _mix(base, (255, 255, 255), 0.4)), img,
                          grain.point(lambda v: int(max(0, v - 170) * 0.35)))

    # 3. light: a glow at a seeded spot in the upper half
    cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.15, 0.45) * h
    r = max(w, h) * rng.uniform(0.55, 0.8)
    glow = Image.radial_gradient("L").resize((int(2 * r), int(2 * r)))
    glow = ImageChops.invert(glow)
    gl = Image.new("L", size, 0)
    gl.paste(glow, (int(cx - r), int(cy - r)))
    img = Image.composite(Image.new("RGB", size, light), img, gl.point(lambda v: int(v * 0.55)))

    out = img.convert("RGBA")
    side = int(min(w, h) * subject_scale)

    # 4. backdrop silhouette: big, faint, blurred, off-centre
    if backdrop is not None:
        bside = int(max(w, h) * rng.uniform(0.9, 1.2))
        sil = icon_image(backdrop, bside, _mix(deep, (0, 0, 0), 0.2))
        sil.putalpha(sil.getchannel("A").point(lambda v: int(v * 0.22)).filter(ImageFilter.GaussianBlur(2)))
        if rng.random() < 0.5:
            sil = sil.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        out.alpha_composite(sil, (int(rng.uniform(-0.3, 0.1) * bside + (w - bside) / 2 + 0.1 * w),
                                  int((h - bside) / 2 + rng.uniform(-0.1, 0.1) * h)))

    # 5. subject: shadow, then the icon shaded from ink (foot) to a lit tone (top)
    sx, sy = (w - side) // 2 + int(rng.uniform(-0.06, 0.06) * w), (h - side) // 2
    alpha = icon_image(subject, side, "#000000").getchannel("A")
    shadow = Image.new("RGBA", (side, side), _mix(deep, (0, 0, 0), 0.6) + (0,))
    shadow.putalpha(alpha.point(lambda v: int(v * 0.5)).filter(ImageFilter.GaussianBlur(max(2, side // 40))))
    dx = int((sx + side / 2 - cx) / w * side * 0.08)
    out.alpha_composite(shadow, (sx + dx, sy + max(2, side // 30)))
    shade = Image.linear_gradient("L").resize((side, side))
    lit = _mix(ink, light, 0.35)
    fill = Image.composite(Image.new("RGB", (side, side), ink), Image.new("RGB", (side, side), lit), shade)
    fill = fill.convert("RGBA")
    fill.putalpha(alpha)
    out.alpha_composite(fill, (sx, sy))

    # 6. vignette and frame, in the picture's shape
    dist = Image.radial_gradient("L").resize(size)          # 0 at the centre, 255 at the rim
    out = Image.composite(Image.new("RGBA", size, _mix(deep, (0, 0, 0), 0.5) + (255,)), out,
                          dist.point(lambda v: int(max(0, v - 150) * 0.9)))
    mask = _mask(size, shape, radius)
    out.putalpha(mask)
    if frame_width:
        d = ImageDraw.Draw(out)
        box = (0, 0, w - 1, h - 1)
        if shape == "ellipse":
            d.ellipse(box, outline=palette.get("frame", palette["ink"]), width=frame_width)
        else:
            d.rounded_rectangle(box, radius=radius, outline=palette.get("frame", palette["ink"]),
                                width=frame_width)
    return out


def pick(seed: str, choices: list[str]) -> str | None:
    """One of `choices`, the same for the same seed."""
    return _rng(seed + ":backdrop").choice(choices) if choices else None
