"""The rendering stage end to end on a small ruleset: manifest, sheet slots,
size limits, determinism, incremental rebuilds and content errors."""
import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest
from PIL import Image, ImageChops, ImageStat

from pipeline.render import build, sheets
import sample_content as sample
from pipeline.render.errors import ContentError
from pipeline.render.stage import CARD_PX, RenderError

ROOT = Path(__file__).resolve().parents[4]


def files(d: Path) -> dict[str, int]:
    return {str(p.relative_to(d)): p.stat().st_mtime_ns for p in sorted(d.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("b1")
    rs = sample.ruleset(n_events=12)
    manifest = build(rs, ROOT, out, progress=False)
    return rs, out, manifest


def test_manifest_lists_every_asset(built):
    rs, out, m = built
    assert json.loads((out / "assets/manifest.house.json").read_text()) == m
    schema = json.loads((ROOT / "pipeline/render/manifest.schema.json").read_text())
    jsonschema.validate(m, schema)
    assert set(m["locales"]) == {"zh-Hans", "zh-Hant", "en"}
    for loc, entry in m["locales"].items():
        ev = entry["decks"]["event"]
        assert [c for s in ev["sheets"] for c in s["cards"]] == list(rs.events)
        assert ev["back_is_hidden"] is False
        assert set(entry["rooms"]) == set(rs.rooms)
        assert len(entry["characters"]["lin_wei"]["sides"]) == 2
        for name in [ev["back"], entry["extras"]["credits"], entry["extras"]["thumbnail"],
                     *entry["characters"]["lin_wei"]["sides"],
                     *[f for r in entry["rooms"].values() for f in r.values()]]:
            assert (out / "assets" / name).is_file(), name
            assert f".{loc}." in name


def _diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean)


def test_sheet_cell_i_holds_card_i_and_last_cell_the_hidden_image(built):
    rs, out, m = built
    entry = m["locales"]["zh-Hans"]["decks"]["event"]
    (sheet,) = entry["sheets"]
    img = Image.open(out / "assets" / sheet["file"])
    cols, rows = sheet["num_width"], sheet["num_height"]
    assert (cols, rows) == (10, 2)
    assert img.size == (cols * CARD_PX[0], rows * CARD_PX[1])
    faces = {cid: Image.open(next((out / "cache/render").glob(f"house.face.event.{cid}.zh-Hans.*.ppm")))
             for cid in rs.events}
    w, h = CARD_PX
    for i, cid in enumerate(sheet["cards"]):
        cell = img.crop(((i % cols) * w, (i // cols) * h, (i % cols + 1) * w, (i // cols + 1) * h))
        scores = {other: _diff(cell, face) for other, face in faces.items()}
        best, second = sorted(scores.values())[:2]
        assert min(scores, key=scores.get) == cid
        assert scores[cid] < 4.0 and second > 1.5 * best
    last = cols * rows - 1
    cell = img.crop(((last % cols) * w, (last // cols) * h, (last % cols + 1) * w, (last // cols + 1) * h))
    assert _diff(cell, Image.open(out / "assets" / entry["back"])) < 4.0


@pytest.mark.parametrize("n", range(1, sheets.PER_SHEET + 1))
def test_every_grid_fits_tts_limits(n):
    cols, rows = sheets.grid(n)
    assert cols <= 10 and rows <= 7 and cols * rows >= n + 1
    assert cols * CARD_PX[0] <= 4096 and rows * CARD_PX[1] <= 4096


def test_seventy_cards_split_into_69_plus_1(tmp_path):
    rs = sample.ruleset(n_events=70, n_items=1, n_omens=1)
    rs.rooms, rs.characters = {}, {}
    m = build(rs, ROOT, tmp_path, locales=("en",), progress=False)
    s = m["locales"]["en"]["decks"]["event"]["sheets"]
    assert [len(x["cards"]) for x in s] == [69, 1]
    assert (s[0]["num_width"], s[0]["num_height"]) == (10, 7)
    big = Image.open(tmp_path / "assets" / s[0]["file"])
    assert big.size == (4090, 3997) and big.format == "JPEG"


def test_same_inputs_give_byte_identical_outputs(built, tmp_path):
    rs, out, _ = built
    build(sample.ruleset(n_events=12), ROOT, tmp_path, jobs=1, progress=False)
    # Outputs only: cache/icons and cache/fonts hold lookups, not build results.
    a = {k: (out / k).read_bytes() for k in files(out) if not k.startswith(("cache/icons", "cache/fonts"))}
    b = {k: (tmp_path / k).read_bytes() for k in files(tmp_path)
         if not k.startswith(("cache/icons", "cache/fonts"))}
    assert any(k.startswith("assets/") and k.endswith(".jpg") for k in a)
    assert a.keys() == b.keys()
    assert [k for k in a if a[k] != b[k]] == []


def test_noop_rebuild_touches_nothing_and_one_edit_rerenders_only_that_card(built, tmp_path):
    _, out, _ = built
    work = tmp_path / "b"
    shutil.copytree(out, work)
    before = files(work)
    build(sample.ruleset(n_events=12), ROOT, work, progress=False)
    assert files(work) == before

    rs = sample.ruleset(n_events=12)
    rs.events["event_03"].text = {**rs.events["event_03"].text, "en": "Gain 1 :might:."}
    build(rs, ROOT, work, progress=False)
    after = files(work)
    added = sorted(k for k in set(after) - set(before) if not k.startswith("cache/icons/"))
    removed = sorted(set(before) - set(after))
    assert [re.sub(r"\.[0-9a-f]{12}\.", ".H.", a) for a in added] == [
        "assets/house.sheet.event.0.en.H.jpg", "cache/render/house.face.event.event_03.en.H.ppm",
        "cache/render/house.face.event.event_03.en.H.ppm.check.json"]
    assert len(removed) == 3  # the stale face, its check report and the sheet are swept
    assert all(after[k] == before[k] for k in after if k in before and "manifest" not in k)


def test_missing_icon_fails_with_location(tmp_path):
    rs = sample.ruleset()
    rs.items["item_01"].art = "no-such-icon"
    with pytest.raises(ContentError) as e:
        build(rs, ROOT, tmp_path, progress=False)
    assert "content/items.yaml:13: item_01: art: no icon art/icons/no-such-icon.svg" in str(e.value)
    assert not (tmp_path / "assets/manifest.house.json").exists()


def _unknown_token(rs):
    rs.events["event_00"].text = {**rs.events["event_00"].text, "en": "Gain :mightt:."}


def _emoji_title(rs):
    rs.omens["omen_00"].title = {**rs.omens["omen_00"].title, "en": "Omen \U0001F47B"}


@pytest.mark.parametrize("spoil,error,pattern", [
    (_unknown_token, ContentError, r"event_00: text: unknown icon token :mightt:"),
    # Pillow has no font fallback: a missing glyph would print as a tofu box.
    (_emoji_title, RenderError, r"omen_00: no glyph for '.' \(U\+1F47B\) in the en font"),
])
def test_undrawable_content_fails_and_writes_no_manifest(tmp_path, spoil, error, pattern):
    rs = sample.ruleset()
    spoil(rs)
    with pytest.raises(error, match=pattern):
        build(rs, ROOT, tmp_path, progress=False)
    assert not (tmp_path / "assets/manifest.house.json").exists()


def test_overflowing_text_fails_the_build_with_file_line(tmp_path):
    rs = sample.ruleset()
    rs.events["event_01"].text = {"zh-Hans": "进行一次:sanity:检定，" * 60,
                                  "zh-Hant": "進行一次:sanity:檢定，" * 60, "en": "ok"}
    with pytest.raises(RenderError) as e:
        build(rs, ROOT, tmp_path, progress=False)
    msgs = str(e.value).splitlines()
    assert len(msgs) == 2  # zh-Hans and zh-Hant
    assert all(re.fullmatch(r"content/events\.yaml:13: event_01: text overflows box 'body' by \d+ px", m)
               for m in msgs), msgs
    assert not (tmp_path / "assets/manifest.house.json").exists()


def test_board_slots_point_at_the_value_circles(built):
    """The manifest's clip slots (skull + 8 values per trait, R-SETUP-3 start
    ringed) land on the drawn circles: the start slot is in the figure's colour."""
    rs, out, m = built
    entry = m["locales"]["en"]["characters"]["lin_wei"]
    img = Image.open(out / "assets" / entry["sides"][0]).convert("RGB")
    W, H = m["board_px"]
    assert img.size == (W, H)
    side = rs.characters["lin_wei"].sides[0]
    colour = tuple(int(rs.characters["lin_wei"].color[i:i + 2], 16) for i in (1, 3, 5))
    for trait, slots in entry["slots"].items():
        assert len(slots) == 9
        start = side.traits[trait].start
        for c, (u, v) in enumerate(slots):
            # sample just inside the ring, off the digit: the fill colour
            px = img.getpixel((round(u * W) - 20, round(v * H)))
            if c - 1 == start:
                assert px == colour, (trait, c, px)
            else:
                assert px != colour, (trait, c, px)


def test_proof_contact_sheets_per_deck_and_locale(built):
    """`make proof`: a contact sheet per deck and locale, cut from the real
    deck sheets, plus one per other group of the manifest (issue 17)."""
    from pipeline.render import proof
    rs, out, m = built
    paths = proof.build_proofs("house", out)
    names = {p.name for p in paths}
    for loc in m["locales"]:
        for deck in m["locales"][loc]["decks"]:
            assert f"house.{deck}.{loc}.png" in names
        assert {f"house.rooms.{loc}.png", f"house.characters.{loc}.png", f"house.extras.{loc}.png"} <= names
    events = Image.open(out / "proof" / "house.event.en.png")
    rows = -(-(len(rs.events) + 1) // proof.COLS)           # the faces and the back
    assert events.width == proof.GAP + proof.COLS * (proof.THUMB_W + proof.GAP)
    assert events.height > rows * proof.THUMB_W
