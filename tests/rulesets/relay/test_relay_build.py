"""relay through the whole build (`python -m pipeline build relay`): its
own layouts and painter element, a face per card and a back, one deck sheet,
the credits card and thumbnail, print-and-play, and a TTS save per locale
with a deck, hand zones, a die, score counters and its Lua."""
from __future__ import annotations

import json

import pytest
from PIL import Image

import rulesets
from kit.words import LOCALES
from pipeline.render.pnp import build_pnp
from pipeline.render.stage import CARD_PX
from pipeline.tts import schema
from relay_helpers import ROOT, compiled, full_build
from tests.fixtures.rulesets.relay import INFO
from tests.fixtures.rulesets.relay.table import HANDS


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    build = tmp_path_factory.mktemp("relay") / "build"
    manifest, section = full_build(build)
    saves = {loc: json.loads((build / "tts" / f"relay.{loc}.json").read_text(encoding="utf-8")) for loc in LOCALES}
    return build, manifest, section, saves


def _cell(sheet: Image.Image, cols: int, i: int) -> Image.Image:
    w, h = CARD_PX
    return sheet.crop(((i % cols) * w, (i // cols) * h, (i % cols + 1) * w, (i // cols + 1) * h))


def test_manifest_one_sheet_a_back_credits_and_thumbnail_per_locale(built):
    build, manifest, _, _ = built
    content = compiled()
    assert manifest["ruleset"] == "relay" and set(manifest["locales"]) == set(LOCALES)
    for loc, entry in manifest["locales"].items():
        deck = entry["decks"]["market"]
        (sheet,) = deck["sheets"]
        assert sheet["cards"] == list(content["cards"]) and sheet["num_width"] * sheet["num_height"] > 20
        for name in (sheet["file"], deck["back"], entry["extras"]["credits"], entry["extras"]["thumbnail"]):
            assert (build / "assets" / name).is_file() and f".{loc}." in name and name.startswith("relay.")
        with Image.open(build / "assets" / sheet["file"]) as img:
            assert img.size == (sheet["num_width"] * CARD_PX[0], sheet["num_height"] * CARD_PX[1])
        with Image.open(build / "assets" / entry["extras"]["thumbnail"]) as img:
            assert img.size == (256, 256)


def test_the_value_badge_is_coloured_by_the_cards_sign(built):
    """The layout's own element: a gain is green, a loss red, nothing grey."""
    build, manifest, _, _ = built
    content = compiled()
    sheet = manifest["locales"]["en"]["decks"]["market"]["sheets"][0]
    fills = {"plus": (0x2e, 0x7d, 0x4f), "zero": (0x6b, 0x6b, 0x6b), "minus": (0xa2, 0x3b, 0x2a)}
    with Image.open(build / "assets" / sheet["file"]) as img:
        img = img.convert("RGB")
        for i, cid in enumerate(sheet["cards"]):
            value = content["cards"][cid]["value"]
            want = fills["plus" if value > 0 else "minus" if value < 0 else "zero"]
            px = _cell(img, sheet["num_width"], i).getpixel((40, 68))    # inside the ring, left of the digits
            assert all(abs(a - b) < 24 for a, b in zip(px, want)), (cid, px, want)


def test_faces_differ_by_locale_and_the_back_is_relays_own(built):
    build, manifest, _, _ = built
    sheets = {loc: manifest["locales"][loc]["decks"]["market"]["sheets"][0] for loc in LOCALES}
    cells = {}
    for loc, sheet in sheets.items():
        with Image.open(build / "assets" / sheet["file"]) as img:
            cells[loc] = _cell(img.convert("RGB"), sheet["num_width"], 0).tobytes()
    assert len(set(cells.values())) == 3
    shared_back = ROOT / "layouts" / "back.yaml"
    assert (INFO.layouts_dir / "back.yaml").read_text() != shared_back.read_text()
    with Image.open(build / "assets" / manifest["locales"]["en"]["decks"]["market"]["back"]) as back:
        assert back.size == CARD_PX and back.convert("RGB").getpixel((5, 5)) == (0x23, 0x30, 0x3f)


def test_a_second_build_renders_nothing_and_writes_the_same_bytes(built, tmp_path):
    build, manifest, section, saves = built
    before = {p: p.read_bytes() for p in (build / "tts").glob("*.json")}
    again, _ = full_build(build)
    assert again == manifest
    assert {p: p.read_bytes() for p in (build / "tts").glob("*.json")} == before


def test_print_and_play_pdf(built):
    build, _, _, _ = built
    from pipeline.content.loader import load_ruleset
    (pdf,) = build_pnp(load_ruleset("relay"), ROOT, build, locales=("en",), jobs=1, progress=False)
    data = pdf.read_bytes()
    assert pdf.name == "relay.en.pdf" and data.startswith(b"%PDF") and data.count(b"/Type /Page\n") >= 6


# -- the save ---------------------------------------------------------------------
def _objects(save: dict, name: str) -> list[dict]:
    return [o for o in save["ObjectStates"] if o["Name"] == name]


def test_each_save_passes_the_schema_with_deck_hands_die_counters(built):
    _, _, section, saves = built
    content = compiled()
    for loc, save in saves.items():
        assert schema.problems(save) == [], loc
        (deck,) = _objects(save, "Deck")
        assert deck["GUID"] == section["deck"]["guid"]
        assert [c["GMNotes"] for c in deck["ContainedObjects"]] == [f"market:{c}" for c in content["cards"]]
        assert {c["GUID"] for c in deck["ContainedObjects"]} == {c["guid"] for c in section["cards"].values()}
        assert all(c["HideWhenFaceDown"] for c in deck["ContainedObjects"])
        zones = {o["FogColor"]: o["GUID"] for o in _objects(save, "HandTrigger")}
        assert zones == section["hands"] == {c: section["hands"][c] for c, *_ in HANDS}
        counters = {o["GUID"] for o in _objects(save, "Counter")}
        assert counters == set(section["counters"].values()) and len(counters) == len(HANDS)
        (die,) = _objects(save, "Die_6")
        assert die["GUID"] == section["dice"][0]
        assert [int(r["Value"]) for r in die["RotationValues"]] == list(INFO.dice.faces)
        assert "hk_gesture" in save["LuaScript"]
        assert "Global.call" in die["LuaScript"]
        assert save["GameMode"] == {"zh-Hans": "夜市接力", "zh-Hant": "夜市接力", "en": "Night Market Relay"}[loc]
        assert save["PlayerCounts"] == [2, 4]


def test_card_tooltips_are_in_the_saves_locale(built):
    _, _, _, saves = built
    titles = {loc: {c["GMNotes"]: c["Nickname"] for c in _objects(save, "Deck")[0]["ContainedObjects"]}
              for loc, save in saves.items()}
    assert titles["zh-Hant"]["market:candelabra"] == "燭台" and titles["en"]["market:candelabra"] == "Candelabra"
    assert titles["zh-Hans"]["market:candelabra"] == "烛台"


def test_workshop_saves_carry_relays_title_description_and_a_square_thumbnail(built):
    build, _, _, _ = built
    from pipeline.tts import preview, workshop
    written = workshop.build("relay", ROOT, build, "https://assets.example.org/relay/")
    descriptions = {p.name: p.read_text(encoding="utf-8") for p in written if p.suffix == ".txt"}
    assert set(descriptions) == {f"relay.{loc}.workshop.txt" for loc in LOCALES}
    assert descriptions["relay.en.workshop.txt"].startswith("Night Market Relay\n")
    assert "20 market cards" in descriptions["relay.en.workshop.txt"]
    assert "20 张夜市牌" in descriptions["relay.zh-Hans.workshop.txt"]
    save = json.loads((build / "workshop" / "relay.en.json").read_text(encoding="utf-8"))
    (deck,) = _objects(save, "Deck")
    assert deck["CustomDeck"]["10"]["FaceURL"].startswith("https://assets.example.org/relay/relay.sheet.")
    with Image.open(build / "workshop" / "relay.en.png") as thumb:
        assert thumb.size == (workshop.THUMB_PX, workshop.THUMB_PX)
    marks = rulesets.builder("relay").TABLE.preview_marks()
    assert marks == [(-3.0, 0.0), (0.0, -4.0)] and preview.render(save, marks).startswith(b"\x89PNG")


def test_relays_faces_pass_the_same_render_checks(built):
    """The type system and its checks are the renderer's, not the house's:
    a second game's faces are held to contrast, ink-in-box and line rules too."""
    from pipeline.render import checks
    build, _, _, _ = built
    found, figures = checks.problems(checks.load_reports(build / "cache" / "render", "relay"))
    assert figures["images"] >= 60 and figures["lines"] > 100
    assert found == []
