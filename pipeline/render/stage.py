"""The rendering stage: content → images, sheets and the asset manifest.

Which images a game has is its ruleset's (`RENDER`: jobs, the manifest's
per-locale entry, the cards of each deck, extra painter elements); this
stage runs the jobs, composes each deck's sheets and writes the manifest.

Every output is named by the hash of what made it, so the stage only renders
files that do not exist yet: a no-op build computes hashes and stats files,
a one-card edit re-renders that card (in every locale) and its sheets.
Missing work runs in a process pool. On any content error nothing is
written to the manifest; the hashed files already written are harmless and
swept by the next successful build.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from typing import Any

import rulesets
from kit.words import LOCALES

from ..atomic import write_if_changed
from . import checks, fonts, glyphs, icons, layouts, sheets, worker
from .errors import RenderError
from .jobs import Job

CARD_PX = (409, 571)      # 63 × 88 mm to 0.1 %, and 10 × 7 of them fit 4096 px


def render_spec(name: str):
    return rulesets.builder(name).RENDER


class Progress:
    """A one-line bar on a terminal, a summary line per stage otherwise."""

    def __init__(self, label: str, total: int, enabled: bool = True):
        self.label, self.total, self.done = label, total, 0
        self.enabled = enabled and total > 0
        self.tty = sys.stderr.isatty()
        self.t0 = time.perf_counter()

    def step(self, n: int = 1) -> None:
        self.done += n
        if self.enabled and self.tty:
            width = 30
            fill = int(width * self.done / self.total)
            sys.stderr.write(f"\r{self.label:>8} [{'#' * fill}{'.' * (width - fill)}] "
                             f"{self.done}/{self.total}")
            sys.stderr.flush()

    def close(self, note: str = "") -> None:
        if not self.enabled:
            return
        if self.tty:
            sys.stderr.write("\n")
        sys.stderr.write(f"{self.label:>8}: {self.done} written{note} "
                         f"in {time.perf_counter() - self.t0:.2f} s\n")


def _pool(n_workers: int) -> ProcessPoolExecutor:
    ctx = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    return ProcessPoolExecutor(max_workers=n_workers, mp_context=ctx)


def _run_jobs(todo: list[tuple[Job, str, bool]], n_workers: int, progress: bool) -> list[str]:
    bar = Progress("render", len(todo), progress)
    errors: list[str] = []
    if n_workers <= 1 or len(todo) <= 3:
        for item in todo:  # a few images: cheaper than starting a pool
            errors += _run_batch([item])
            bar.step()
    else:
        with _pool(n_workers) as ex:
            futs = {ex.submit(_run_batch, todo[i:i + 6]): len(todo[i:i + 6])
                    for i in range(0, len(todo), 6)}
            for f in as_completed(futs):
                errors += f.result()
                bar.step(futs[f])
    bar.close(f" ({fonts.layout_engine_name()} text layout)")
    return errors


def _run_batch(batch: list[tuple]) -> list[str]:
    errs = []
    for job, out, inter, *report in batch:
        _, err = worker.run(job, out, inter, report[0] if report else None)
        if err:
            errs.append(err)
    return errs


def _write_sheet(args) -> None:
    faces, hidden, out = args
    sheets.write([Path(f) for f in faces], Path(hidden), CARD_PX, Path(out))


def build(ruleset: Any, root: str | Path, build_dir: str | Path, jobs: int | None = None,
          locales=LOCALES, progress: bool = True) -> dict:
    root, build_dir = Path(root), Path(build_dir)
    assets = build_dir / "assets"
    cache = build_dir / "cache" / "render"
    assets.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    n_workers = jobs or os.cpu_count() or 1
    icons.set_cache_dir(build_dir / "cache" / "icons")
    glyphs.set_cache_dir(build_dir / "cache" / "fonts")

    spec = render_spec(ruleset.name)
    all_jobs = spec.jobs(ruleset, root, locales)
    placed = [(j, str(cache if j.kind == "face" else assets), j.kind == "face", str(cache))
              for j in all_jobs]
    todo = [p for p in placed if not ((Path(p[1]) / p[0].filename).exists()
                                      and (cache / checks.report_name(p[0].filename)).exists())]
    tofu = [f"{j.where}: no glyph for {glyphs.describe(m)} in the {j.locale} font"
            for j, *_ in todo if (m := glyphs.missing(j.locale, glyphs.strings(j.env)))]
    if tofu:
        raise RenderError("\n".join(dict.fromkeys(tofu)))
    errors = _run_jobs(todo, n_workers, progress)
    if errors:
        raise RenderError("\n".join(sorted(errors)))

    by_key = {(j.locale, j.key): j for j in all_jobs}
    manifest: dict = {"ruleset": ruleset.name, "renderer": layouts.renderer_version(ruleset.name),
                      "layout_engine": fonts.layout_engine_name(),
                      "card_px": list(CARD_PX), **spec.manifest_extra(), "locales": {}}
    sheet_work: list[tuple] = []
    for loc in locales:
        manifest["locales"][loc] = {
            "decks": _decks_entry(ruleset, spec, loc, by_key, assets, cache, sheet_work),
            **spec.locale_entry(ruleset, loc, lambda key, loc=loc: by_key[(loc, key)].filename)}

    bar = Progress("sheets", len(sheet_work), progress)
    if len(sheet_work) > 1 and n_workers > 1:
        with _pool(min(n_workers, len(sheet_work))) as ex:
            for _ in ex.map(_write_sheet, sheet_work):
                bar.step()
    else:
        for w in sheet_work:
            _write_sheet(w)
            bar.step()
    bar.close()

    text = json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    out = assets / f"manifest.{ruleset.name}.json"
    write_if_changed(out, text)
    if tuple(locales) == tuple(LOCALES):  # a partial build does not know what the rest use
        _sweep(ruleset.name, assets, cache, manifest, all_jobs)
    return manifest


def _decks_entry(ruleset: Any, spec: Any, loc: str, by_key: dict, assets: Path, cache: Path,
                 sheet_work: list[tuple]) -> dict:
    """Sheets in slot order per deck (the ruleset's decks, faces keyed
    ("face", deck, card id), the back ("back", deck)); sheets not on disk yet
    go to `sheet_work`."""
    decks = {}
    for deck in rulesets.info(ruleset.name).decks:
        back = by_key[(loc, ("back", deck))].filename
        entries = []
        for n, chunk in enumerate(sheets.chunks(spec.deck_cards(ruleset, deck))):
            faces = [by_key[(loc, ("face", deck, cid))].filename for cid in chunk]
            cols, rows = sheets.grid(len(chunk))
            digest = sheets.sheet_digest(faces, back, cols, rows, layouts.renderer_version(ruleset.name))
            name = f"{ruleset.name}.sheet.{deck}.{n}.{loc}.{digest}.jpg"
            if not (assets / name).exists():
                sheet_work.append(([str(cache / f) for f in faces], str(assets / back), str(assets / name)))
            entries.append({"file": name, "num_width": cols, "num_height": rows, "cards": chunk})
        decks[deck] = {"sheets": entries, "back": back, "back_is_hidden": False}
    return decks


def referenced(manifest: dict) -> set[str]:
    names: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("file", "back", "top", "bottom") and isinstance(v, str):
                    names.add(v)
                elif k == "extras":     # credits card, thumbnail and any other single image
                    names.update(x for x in v.values() if isinstance(x, str))
                elif k == "sides":
                    names.update(v)
                else:
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(manifest["locales"])
    return names


def _sweep(ruleset: str, assets: Path, cache: Path, manifest: dict, all_jobs: list[Job]) -> None:
    """Drop this ruleset's images that no longer belong to the build."""
    keep = referenced(manifest) | {j.filename for j in all_jobs}
    sweep(ruleset, (assets, cache), keep | {checks.report_name(j.filename) for j in all_jobs})


def sweep(ruleset: str, folders, keep: set[str]) -> None:
    """Remove the ruleset's files not in `keep`: names carry content hashes,
    so every change leaves a superseded file behind. Only a run over every
    locale knows all names still in use, so only such a run may call this."""
    for folder in folders:
        for f in folder.glob(f"{ruleset}.*"):
            if f.name not in keep:
                f.unlink(missing_ok=True)
