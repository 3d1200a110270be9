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


def test_no_picture_is_also_a_symbol_and_every_board_side_has_its_own_portrait():
    """issue 17 defects 2 and 9: the Sanity glyph was also a card's art, and
    both sides of a board shared one portrait."""
    from pipeline.content.loader import load_ruleset
    from pipeline.render import layouts
    rs = load_ruleset("house")
    symbols = set(layouts.load("symbols", "house").values())
    backdrops = {n for v in layouts.load("art", "house")["backdrops"].values() for n in v or []}
    subjects = [o.art for kind in ("events", "items", "omens") for o in getattr(rs, kind).values()]
    subjects += [r.art for r in rs.rooms.values()]
    portraits = [s.art or c.art for c in rs.characters.values() for s in c.sides]
    everything = subjects + portraits
    assert len(set(everything)) == len(everything)
    assert not (set(everything) & symbols) and not (set(everything) & backdrops)


def test_art_is_composed_from_several_elements():
    """A face's art is not one flat icon: a sample picture holds many colours."""
    from PIL import Image
    from pipeline.render import art
    from pipeline.render.icons import ICON_DIR
    pal = {"base": "#7d9a8a", "deep": "#1c2f28", "light": "#f3e7c4", "ink": "#13201b"}
    a = art.compose((200, 120), ICON_DIR / "lantern.svg", "a", pal, ICON_DIR / "haunting.svg")
    b = art.compose((200, 120), ICON_DIR / "lantern.svg", "b", pal, ICON_DIR / "haunting.svg")
    assert len(a.convert("RGB").getcolors(1 << 16) or []) > 500
    assert a.tobytes() != b.tobytes()                 # the seed makes each picture its own
    assert a.tobytes() == art.compose((200, 120), ICON_DIR / "lantern.svg", "a", pal,
                                      ICON_DIR / "haunting.svg").tobytes()


@built
def test_room_rules_print_at_7_pt_or_more():
    """issue 17 defect 10: room rules were about 6 pt on a 56 mm print tile."""
    from pipeline.render import layouts
    from rulesets.house.render import TILE
    tile_px = layouts.load("room", "house")["size"][0]
    mm_per_px = TILE.trim_mm[0] / tile_px
    sizes = [b["scale_size"] for r in checks.load_reports(BUILT, "house") if r["kind"] == "room"
             for b in r["boxes"] if b["name"] == "body"]
    assert len(sizes) > 100
    assert min(sizes) * mm_per_px / 0.3528 >= 7.0          # px → mm → pt (1 pt = 0.3528 mm)
