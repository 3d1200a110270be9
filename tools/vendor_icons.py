#!/usr/bin/env python3
"""Copy the game-icons.net SVGs the content actually names into art/icons/.

Maintenance only: the build reads art/icons/ and never the npm package.
Run after adding an `art:` name to the content or a symbol to
layouts/symbols.yaml:

    python tools/vendor_icons.py                 # fetches the package with `npm pack`
    python tools/vendor_icons.py --icons-json path/to/icons.json

The icons come from the npm package @iconify-json/game-icons (the
game-icons.net set, CC BY 3.0); art/icons/LICENSE.txt carries the credit.
Exits non-zero, writing nothing, when a name is not in the set.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "@iconify-json/game-icons"


def wanted_names(root: Path) -> dict[str, list[str]]:
    """Every icon name the content and layouts use -> where it is used."""
    uses: dict[str, list[str]] = {}

    def walk(node, where: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "art" and isinstance(v, str):
                    uses.setdefault(v, []).append(where)
                else:
                    walk(v, where)
        elif isinstance(node, list):
            for v in node:
                walk(v, where)

    # The games, and the test fixtures' games, which draw from the same folder.
    for f in sorted([*root.glob("rulesets/*/content/*.yaml"), *root.glob("tests/fixtures/rulesets/*/content/*.yaml")]):
        walk(yaml.safe_load(f.read_text(encoding="utf-8")), str(f.relative_to(root)))
    for f in sorted([*root.glob("layouts/symbols.yaml"), *root.glob("rulesets/*/layouts/symbols.yaml"),
                     *root.glob("tests/fixtures/rulesets/*/layouts/symbols.yaml")]):
        for name in (yaml.safe_load(f.read_text(encoding="utf-8")) or {}).values():
            uses.setdefault(name, []).append(str(f.relative_to(root)))
    for f in sorted([*root.glob("layouts/art.yaml"), *root.glob("rulesets/*/layouts/art.yaml")]):
        for names in ((yaml.safe_load(f.read_text(encoding="utf-8")) or {}).get("backdrops") or {}).values():
            for name in names or []:
                uses.setdefault(name, []).append(str(f.relative_to(root)))
    return uses


def load_package(icons_json: Path | None) -> tuple[dict, str]:
    if icons_json is None:
        tmp = Path(tempfile.mkdtemp())
        out = subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, check=True,
                             capture_output=True, text=True).stdout.strip().splitlines()[-1]
        with tarfile.open(tmp / out) as t:
            t.extractall(tmp, filter="data")
        icons_json = tmp / "package" / "icons.json"
    data = json.loads(icons_json.read_text(encoding="utf-8"))
    pkg = icons_json.parent / "package.json"
    version = json.loads(pkg.read_text())["version"] if pkg.exists() else "unknown"
    return data, version


def svg_text(data: dict, name: str) -> str:
    icon = data["icons"][name]
    w = icon.get("width", data.get("width", 512))
    h = icon.get("height", data.get("height", 512))
    body = icon["body"].replace("currentColor", "#000")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">{body}</svg>\n')


LICENCE = """Icons in this folder are from game-icons.net (https://game-icons.net),
by Lorc, Delapouite and the other game-icons.net contributors
(https://github.com/game-icons/icons), licensed under Creative Commons
Attribution 3.0 Unported (CC BY 3.0): https://creativecommons.org/licenses/by/3.0/

They were taken from the npm package {package} version {version}
and converted to standalone SVG files (fill set to black, no other change).
They are credited in the README and on the credits card of every save.

Icons: {names}
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--icons-json", type=Path, help="icons.json of " + PACKAGE)
    ap.add_argument("--root", type=Path, default=ROOT)
    args = ap.parse_args(argv)
    uses = wanted_names(args.root)
    data, version = load_package(args.icons_json)
    missing = sorted(n for n in uses if n not in data["icons"])
    if missing:
        for n in missing:
            print(f"{', '.join(sorted(set(uses[n])))}: art: no icon named {n!r} in {PACKAGE}",
                  file=sys.stderr)
        return 1
    out = args.root / "art" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.svg"):
        if old.stem not in uses:
            old.unlink()
    for name in sorted(uses):
        target = out / f"{name}.svg"
        tmp = target.with_suffix(".tmp")
        tmp.write_text(svg_text(data, name), encoding="utf-8")
        tmp.replace(target)
    (out / "LICENSE.txt").write_text(
        LICENCE.format(package=PACKAGE, version=version, names=", ".join(sorted(uses))),
        encoding="utf-8")
    print(f"{len(uses)} icons in {out.relative_to(args.root)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
