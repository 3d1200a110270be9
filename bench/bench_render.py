#!/usr/bin/env python3
"""Rendering benchmarks on the real content (all locales). Prints figures;
asserts nothing (targets are printed next to each figure).

    .venv/bin/python bench/bench_render.py [--ruleset house] [--skip-montage]

1. cold build: empty build dir, every image, sheet and the manifest
2. no-op rebuild: nothing changed
3. one-card edit: one event's text changed in every locale
4. sheet stage vs ImageMagick `montage -tile 10x7 -geometry +0+0` on the same
   69 card faces (installs ImageMagick with apt-get if `montage` is missing)
5. JPEG settings for sheets: size and error on small text per quality and
   chroma subsampling
6. body text sizes chosen by shrink-to-fit across the content
Each build figure is the render stage alone, in a fresh process (content
loading is timed separately), so the numbers include process start-up of the
pool but not of the interpreter.
"""
from __future__ import annotations

import argparse
import io
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
sys.path.insert(0, sys.argv[1])
from pipeline.content.loader import load_ruleset
from pipeline.render import build
rs = load_ruleset(sys.argv[2])
t1 = time.perf_counter()
if sys.argv[4] == "edit":
    card = next(iter(rs.events.values()))
    card.text = {k: v + " 1" for k, v in card.text.items()}
import resource
def cpu():
    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime
c1 = cpu()
build(rs, sys.argv[1], sys.argv[3], progress=False)
t2 = time.perf_counter()
print(json.dumps({"load": t1 - t0, "render": t2 - t1, "cpu": cpu() - c1}))
"""


def run_child(build_dir: Path, ruleset: str, mode: str) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), ruleset, str(build_dir), mode],
                         check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def ensure_montage() -> str | None:
    if shutil.which("montage"):
        return shutil.which("montage")
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing ImageMagick (apt-get) …", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "imagemagick"], check=True, env=env,
                       stdout=subprocess.DEVNULL)
    return shutil.which("montage")


def bench_sheets(build_dir: Path, ruleset: str, skip_montage: bool) -> None:
    from pipeline.render import sheets
    from pipeline.render.stage import CARD_PX
    faces = sorted((build_dir / "cache/render").glob(f"{ruleset}.face.*.zh-Hans.*.ppm"))[:69]
    back = next((build_dir / "assets").glob(f"{ruleset}.back.event.zh-Hans.*.png"))
    if len(faces) < 69:
        print(f"sheet stage: only {len(faces)} faces, need 69; skipped")
        return
    tmp = Path(tempfile.mkdtemp())
    runs = 5
    times = []
    for i in range(runs):
        t = time.perf_counter()
        sheets.write(faces, back, CARD_PX, tmp / f"pillow{i}.jpg")
        times.append(time.perf_counter() - t)
    ours = min(times)
    print(f"sheet stage (Pillow, 69 cards + hidden, 4090x4095 JPEG q90 4:4:4): best {ours:.3f} s, "
          f"median {statistics.median(times):.3f} s of {runs}; "
          f"{(tmp / 'pillow0.jpg').stat().st_size / 2**20:.1f} MiB")
    if skip_montage:
        return
    montage = ensure_montage()
    if not montage:
        print("montage: not available (not root / no apt-get); ratio not measured")
        return
    mt = []
    for i in range(runs):
        t = time.perf_counter()
        subprocess.run([montage, *map(str, faces), "-tile", "10x7", "-geometry", "+0+0",
                        "-quality", "90", str(tmp / f"montage{i}.jpg")], check=True)
        mt.append(time.perf_counter() - t)
    theirs = min(mt)
    print(f"montage -tile 10x7 -geometry +0+0 -quality 90 (same 69 card files): best {theirs:.3f} s, "
          f"median {statistics.median(mt):.3f} s of {runs}; "
          f"{(tmp / 'montage0.jpg').stat().st_size / 2**20:.1f} MiB")
    print(f"ratio montage / Pillow: best {theirs / ours:.1f}x, median "
          f"{statistics.median(mt) / statistics.median(times):.1f}x   (target >= 4x)")
    shutil.rmtree(tmp, ignore_errors=True)


def bench_jpeg(build_dir: Path, ruleset: str) -> None:
    """Error on small text: mean absolute error and PSNR against the lossless
    sheet, over the body-text band of every card (where legibility matters)."""
    from PIL import Image, ImageChops, ImageStat

    from pipeline.render import sheets
    from pipeline.render.stage import CARD_PX
    faces = sorted((build_dir / "cache/render").glob(f"{ruleset}.face.*.zh-Hans.*.ppm"))[:69]
    back = next((build_dir / "assets").glob(f"{ruleset}.back.event.zh-Hans.*.png"))
    ref = sheets.compose(faces, back, CARD_PX)
    cols = 10
    w, h = CARD_PX
    boxes = [((i % cols) * w + 30, (i // cols) * h + 326, (i % cols) * w + 379, (i // cols) * h + 536)
             for i in range(len(faces))]
    print("JPEG for sheets: quality, subsampling -> size, encode time, body-text MAE, PSNR")
    for q in (80, 85, 90, 95):
        for sub, name in ((2, "4:2:0"), (0, "4:4:4")):
            buf = io.BytesIO()
            t = time.perf_counter()
            ref.save(buf, "JPEG", quality=q, subsampling=sub)
            enc = time.perf_counter() - t
            got = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
            maes, mses = [], []
            for b in boxes:
                d = ImageChops.difference(ref.crop(b), got.crop(b))
                st = ImageStat.Stat(d)
                maes.append(sum(st.mean) / 3)
                mses.append(sum(x * x for x in st.rms) / 3)
            mse = statistics.mean(mses)
            psnr = 10 * math.log10(255 ** 2 / mse) if mse else float("inf")
            print(f"  q{q} {name}: {len(buf.getvalue()) / 2**20:5.2f} MiB  {enc * 1000:5.0f} ms  "
                  f"MAE {statistics.mean(maes):5.2f}  PSNR {psnr:5.1f} dB")


def bench_text_sizes(ruleset: str) -> None:
    from pipeline.content.loader import load_ruleset
    from pipeline.render import fonts, layouts, text
    from rulesets.house.render import SpecBuilder
    rs = load_ruleset(ruleset)
    body = next(e for e in layouts.load("card", "house")["elements"] if e.get("name") == "body")
    sizes = {}
    for loc in ("zh-Hans", "zh-Hant", "en"):
        for job in SpecBuilder(rs, ROOT).cards(loc):
            laid = text.fit(job.env["text"], "body", body["box"][2], body["box"][3], loc, body["font"],
                            fonts.sizes(*body["size"]), body.get("spacing", 1.35),
                            justify=body.get("align") == "justify", labels=job.env.get("token_labels"))
            sizes.setdefault(loc, []).append(laid.size)
    for loc, s in sizes.items():
        print(f"body text px on {len(s)} {loc} cards: min {min(s)}, median {statistics.median(s)}, "
              f"max {max(s)} (box range {body['size'][1]}-{body['size'][0]})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ruleset", default="house")
    ap.add_argument("--skip-montage", action="store_true")
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores; load average before {os.getloadavg()[0]:.2f} "
          "(other work on the machine inflates wall times; CPU times do not depend on it)")
    bdir = Path(tempfile.mkdtemp(prefix="bench-render-"))
    try:
        cold = run_child(bdir, args.ruleset, "cold")
        files = sum(1 for _ in bdir.rglob("*") if _.is_file())
        print(f"cold build: {cold['render']:.2f} s wall, {cold['cpu']:.2f} s CPU (all processes) "
              f"for {files} files, 3 locales (content load {cold['load']:.2f} s)   target <= 15 s")
        noop = [run_child(bdir, args.ruleset, "noop")["render"] for _ in range(3)]
        print(f"no-op rebuild: {statistics.median(noop):.3f} s (median of 3)   target <= 0.5 s")
        edit = run_child(bdir, args.ruleset, "edit")
        print(f"one-card edit: {edit['render']:.2f} s wall, {edit['cpu']:.2f} s CPU "
              f"(3 faces + 3 sheets)   target <= 2 s")
        bench_sheets(bdir, args.ruleset, args.skip_montage)
        bench_jpeg(bdir, args.ruleset)
        bench_text_sizes(args.ruleset)
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(bdir, ignore_errors=True)


if __name__ == "__main__":
    main()
