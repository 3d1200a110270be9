"""Stable output: the same inputs give the same bytes.

TTS itself writes floats with long noisy tails, so two builds of a save only
diff cleanly if every number is rounded the same way and keys come out in a
fixed order. Rounding follows the TTSModManager convention (position 3 dp,
rotation whole degrees in [0, 360), scale 2 dp, colour 5 dp).
"""
from __future__ import annotations

import json
from typing import Any


def _num(value: float, places: int) -> float | int:
    rounded = round(float(value), places)
    if rounded == int(rounded):
        return int(rounded)
    return rounded


def pos(x: float, y: float, z: float) -> dict:
    return {"x": _num(x, 3), "y": _num(y, 3), "z": _num(z, 3)}


def transform(x: float, y: float, z: float, rot_y: float = 0, scale: float = 1.0,
              rot_x: float = 0, rot_z: float = 0,
              scale_xyz: tuple[float, float, float] | None = None) -> dict:
    sx, sy, sz = scale_xyz if scale_xyz else (scale, scale, scale)
    out = {
        "posX": _num(x, 3), "posY": _num(y, 3), "posZ": _num(z, 3),
        "rotX": int(round(rot_x)) % 360, "rotY": int(round(rot_y)) % 360,
        "rotZ": int(round(rot_z)) % 360,
        "scaleX": _num(sx, 2), "scaleY": _num(sy, 2), "scaleZ": _num(sz, 2),
    }
    return out


def color(hex_rgb: str) -> dict:
    """'#c0392b' → {"r", "g", "b"} in 0–1, as TTS stores ColorDiffuse."""
    text = hex_rgb.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"colour {hex_rgb!r} is not #rrggbb")
    r, g, b = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return {"r": _num(r, 5), "g": _num(g, 5), "b": _num(b, 5)}


def dumps(doc: Any) -> str:
    """Sorted keys, two-space indent, real UTF-8 (TTS reads it; humans diff it)."""
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
