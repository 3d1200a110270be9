"""Escape's cards and table as `make build` writes them: faces in every
locale passing the render checks, sheets within TTS's limits, the save's
pieces (E-KIT-1..5) with the same GUIDs in every locale as the section the
server reads, the rules in the mod, and what print-and-play prints."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from escape_build import stand_in_build
from kit.words import LOCALES
from pipeline.content.loader import load_ruleset
from pipeline.render import checks, layouts, pnp, sheets
from pipeline.tts import schema
from rulesets.escape import INFO
from rulesets.escape.render import RENDER, EscapeJobs
from rulesets.escape.tts import layout as L
from tests.tts_fake import TTSFake
from tests.tts_fake.saves import walk

ROOT = Path(__file__).resolve().parents[3]
BUILT = ROOT / "build" / "cache" / "render"
MANIFEST = ROOT / "build" / "assets" / "manifest.escape.json"
built = pytest.mark.skipif(not MANIFEST.is_file(), reason="no build yet (run `make build`)")
COLOURS = [c for c, *_ in L.SEATS]


@pytest.fixture(scope="module")
def stand_in(tmp_path_factory):
    return stand_in_build(tmp_path_factory.mktemp("escape-build") / "build")


# -- the faces ---------------------------------------------------------------------------
def test_E_KIT_1_to_4_every_card_has_a_face_in_every_locale_and_each_deck_a_back():
    content = load_ruleset("escape")
    jobs = EscapeJobs(content, ROOT).all_jobs()
    keys = {(j.locale, j.key) for j in jobs}
    for loc in LOCALES:
        for deck in INFO.decks:
            assert (loc, ("back", deck)) in keys
            ids = RENDER.deck_cards(content, deck)
            assert ids and all((loc, ("face", deck, cid)) in keys for cid in ids)
        assert {(loc, ("mat",)), (loc, ("column",)), (loc, ("credits",)), (loc, ("thumbnail",))} <= keys
        assert all((loc, ("token", cid)) in keys for cid in [*content.characters, "infected"])
    assert len(RENDER.deck_cards(content, "item")) == 60 and len(RENDER.deck_cards(content, "explore")) == 50


def test_E_KIT_1_a_character_face_shows_its_stamina_and_its_skill():
    content = load_ruleset("escape")
    faces = [j for j in EscapeJobs(content, ROOT).characters("en")]
    assert len(faces) == 5
    for job in faces:
        ch = content.characters[job.key[2]]
        assert job.env["stamina"] == ch.stamina and ch.skill.name["en"] in job.env["skill_name"]
        assert job.env["text"] == ch.skill.text["en"]
    pips = next(e for e in layouts.load("character", INFO.name)["elements"] if e["type"] == "pips")
    assert pips["count"] == "$stamina"


def test_no_picture_is_a_symbol_or_a_backdrop_and_no_two_objects_share_one():
    content = load_ruleset("escape")
    subjects = [o.art for kind in ("items", "explore", "infected", "characters")
                for o in getattr(content, kind).values()]
    symbols = set(layouts.load("symbols", INFO.name).values())
    backdrops = {n for v in layouts.load("art", INFO.name)["backdrops"].values() for n in v}
    assert len(subjects) == len(set(subjects)) == 121
    assert not set(subjects) & symbols and not set(subjects) & backdrops


@built
def test_every_built_escape_face_passes_every_render_check():
    """Contrast, ink inside boxes, line rules, one title size per deck, art
    (`python -m pipeline.render.checks build escape` prints the figures)."""
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    reports = checks.load_reports(BUILT, "escape")
    for loc, entry in manifest["locales"].items():
        faces = [r for r in reports if r["kind"] == "face" and r["locale"] == loc]
        assert len(faces) == sum(len(s["cards"]) for d in entry["decks"].values() for s in d["sheets"]) == 121
    found, figures = checks.problems(reports)
    assert figures["images"] >= 400 and figures["lines"] > 1500
    assert found == []


@built
def test_sheets_fit_tts_limits_in_every_locale():
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert set(manifest["locales"]) == set(LOCALES)
    for loc, entry in manifest["locales"].items():
        assert set(entry["decks"]) == set(INFO.decks)
        for deck, info in entry["decks"].items():
            for sheet in info["sheets"]:
                assert sheet["num_width"] <= 10 and sheet["num_height"] <= 7
                assert len(sheet["cards"]) < sheet["num_width"] * sheet["num_height"]
                with Image.open(MANIFEST.parent / sheet["file"]) as img:
                    assert max(img.size) <= sheets.MAX_SIDE
                    assert img.size == (sheet["num_width"] * 409, sheet["num_height"] * 571)


def test_print_and_play_prints_every_card_with_its_back_the_tokens_and_the_column():
    content = load_ruleset("escape")
    jobs = {(j.locale, j.key) for j in RENDER.pnp_jobs(content, ROOT, ["en"])}
    sections = RENDER.pnp_sections(content, "en")
    printed = [front for _, pairs in sections for front, _ in pairs]
    assert all(("en", key) in jobs for _, pairs in sections for pair in pairs for key in pair)
    assert sum(1 for k in printed if k[0] == "face") == 121 and ("column",) in printed
    for kind, _ in sections:
        cols, rows = kind.grid
        assert cols >= 1 and rows >= 1, kind           # each print kind fits an A4 page
    assert pnp.CARD in [k for k, _ in sections]


# -- the save ----------------------------------------------------------------------------
def test_E_KIT_5_one_save_per_locale_with_the_same_pieces_as_the_section(stand_in):
    saves, content, tts = stand_in
    assert sorted(saves) == sorted(LOCALES)
    guids = {loc: sorted(o["GUID"] for o in walk(s["ObjectStates"])) for loc, s in saves.items()}
    assert guids["en"] == guids["zh-Hans"] == guids["zh-Hant"]
    objs = {o["GUID"]: o for o in walk(saves["en"]["ObjectStates"])}
    for cid, entry in tts["cards"].items():
        assert objs[entry["guid"]]["CardID"] == entry["card_id"]
        assert objs[entry["guid"]]["GMNotes"] == f"{entry['deck']}:{cid}"
    for deck, info in tts["decks"].items():
        inside = [c["GMNotes"] for c in objs[info["guid"]]["ContainedObjects"]]
        assert len(inside) == len(content[{"character": "characters", "item": "items"}.get(deck, deck)])
    assert len(tts["dice"]) == 1 and objs[tts["dice"][0]]["Name"] == "Die_6"
    for save in saves.values():
        assert schema.problems(save) == []


def test_each_seat_has_a_hand_an_area_an_equipment_zone_and_counters(stand_in):
    saves, _, tts = stand_in
    objs = {o["GUID"]: o for o in walk(saves["en"]["ObjectStates"])}
    assert set(tts["seats"]) == set(COLOURS) and len(COLOURS) >= INFO.players[1]
    for colour, seat in tts["seats"].items():
        assert objs[seat["hand"]]["Name"] == "HandTrigger" and objs[seat["hand"]]["FogColor"] == colour
        assert objs[seat["mat"]]["GMNotes"] == f"mat:{colour}" and objs[seat["mat"]]["Locked"]
        zone = objs[seat["equipment_zone"]]
        assert zone["Name"] == "ScriptingTrigger" and zone["GMNotes"] == f"equipment:{colour}"
        t = zone["Transform"]
        for slot in seat["equipment"]:                 # the equipment places lie inside the zone
            assert abs(slot["x"] - t["posX"]) < t["scaleX"] / 2 and abs(slot["z"] - t["posZ"]) < t["scaleZ"] / 2
        for which in ("vp", "stamina"):
            assert objs[seat["counters"][which]]["Name"] == "Counter"
        hand = objs[seat["hand"]]["Transform"]
        assert abs(hand["posX"] - seat["character"]["x"]) < 8      # the area lies before its hand


def test_E_EXPLORE_1_the_column_has_slots_and_a_place_at_each_end(stand_in):
    saves, content, tts = stand_in
    objs = {o["GUID"]: o for o in walk(saves["en"]["ObjectStates"])}
    slots = tts["column"]["slots"]
    assert len(slots) >= len(content["characters"]) + 1                  # five players and one token
    xs = [s["x"] for s in slots]
    assert xs == sorted(xs) and tts["places"]["front"]["x"] < xs[0] < xs[-1] < tts["places"]["end"]["x"]
    for i, guid in enumerate(tts["column"]["zones"]):
        assert objs[guid]["GMNotes"] == f"slot:{i}" and objs[guid]["Name"] == "ScriptingTrigger"
    assert set(tts["tokens"]) == set(content["characters"])
    assert len(tts["infected_tokens"]) == len(content["infected"])
    for guid in [*tts["tokens"].values(), *tts["infected_tokens"]]:
        assert objs[guid]["CustomImage"]["CustomTile"]["Type"] == 2 and objs[guid]["GMNotes"].startswith("pawn:")


def test_the_rules_are_in_the_mod_in_every_locale(stand_in):
    saves, _, _ = stand_in
    for loc, save in saves.items():
        tabs = {t["title"]: t["body"] for t in save["TabStates"].values()}
        rules = save["Rules"]
        assert rules and rules in tabs.values() and len(rules) > 600
        assert ("E-" not in rules) and ("{" not in rules)
    assert "stairs" in saves["en"]["Rules"].lower() and "楼梯" in saves["zh-Hans"]["Rules"]
    assert "樓梯" in saves["zh-Hant"]["Rules"]


def test_the_save_loads_in_the_fake_with_a_button_row_on_every_area(stand_in):
    saves, _, tts = stand_in
    fake = TTSFake(saves["zh-Hans"], seated=["White", "Red"])
    fake.load_all()
    assert fake.captured.errors == []
    for seat in tts["seats"].values():
        labels = [b["label"] for b in fake.to_py(fake.object(seat["mat"]).getButtons())]
        assert labels == ["入座", "开始", "搜寻", "探索", "隐藏", "逃走", "其他行动…"]
