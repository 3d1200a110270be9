"""Every face `make build` wrote for the house passes the checks (issue 17):
text contrast ≥ 4.5:1 (WCAG AA), no ink outside its box, the clreq and
Latin line rules, one title size per deck, no two faces sharing art."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import sample_content as sample
from pipeline.render import checks, worker
from rulesets.house.render import SpecBuilder

ROOT = Path(__file__).resolve().parents[4]
BUILT = ROOT / "build" / "cache" / "render"
MANIFEST = ROOT / "build" / "assets" / "manifest.house.json"


def test_painter_reports_every_text_box_of_a_face():
    rs = sample.ruleset()
    job = next(j for j in SpecBuilder(rs, ROOT).all_jobs() if j.kind == "face" and j.locale == "zh-Hans")
    img, report = worker.render_checked(job)
    names = [b["name"] for b in report["boxes"]]
    assert {"title", "body"} <= set(names)
    body = next(b for b in report["boxes"] if b["name"] == "body")
    assert checks.inside(tuple(body["ink"]), tuple(body["box"]))
    assert min(body["contrast"].values()) >= checks.AA
    assert report["art"] and report["art"][0]["source"] == job.env["art"]


# -- over the real build --------------------------------------------------------
built = pytest.mark.skipif(not MANIFEST.is_file(), reason="no build yet (run `make build`)")


@built
def test_every_built_image_has_a_check_report():
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    reports = {r["file"]: r for r in checks.load_reports(BUILT, "house")}
    for loc, entry in manifest["locales"].items():
        faces = [r for r in reports.values() if r["kind"] == "face" and r["locale"] == loc]
        assert len(faces) == sum(len(s["cards"]) for d in entry["decks"].values() for s in d["sheets"])
        for name in [entry["extras"]["credits"], *[r["top"] for r in entry["rooms"].values()],
                     *[s for c in entry["characters"].values() for s in c["sides"]]]:
            assert name in reports, name


@built
def test_every_built_face_passes_every_check():
    """Contrast, ink inside boxes, line rules, title sizes and art, over all
    faces of all locales (`python -m pipeline.render.checks` prints the figures)."""
    found, figures = checks.problems(checks.load_reports(BUILT, "house"))
    assert figures["lines"] > 3000 and figures["images"] > 400
    assert found == []


@built
def test_every_file_in_the_assets_folder_is_in_a_manifest():
    """issue 17 defect 10: the track image was written beside the manifest
    without being listed in it; now the render stage draws and lists it."""
    from pipeline.render.stage import referenced
    assets = MANIFEST.parent
    listed = set()
    for m in assets.glob("manifest.*.json"):
        listed |= referenced(json.loads(m.read_text(encoding="utf-8")))
    extra = [p.name for p in assets.iterdir() if p.is_file() and not p.name.startswith("manifest.")
             and p.name not in listed]
    assert extra == []
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert all(e["extras"]["track"] in listed for e in manifest["locales"].values())
