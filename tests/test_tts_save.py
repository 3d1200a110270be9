"""The TTS save: layout, stable output, URLs and validation (on a fixture
build of the real shapes; test_tts_real.py runs the same checks on a real
build when one exists)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pipeline.tts import schema, stage
from rulesets.house.tts import layout
from pipeline.tts.urls import BaseUrlError, resolve
from tests.tts_fake.fixture import START, make_build
from tests.tts_fake.saves import strings, walk
from server.content import load_compiled

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def built(tmp_path):
    build = tmp_path / "build"
    make_build(build)
    result = stage.build("house", ROOT, build, base_url="")
    saves = {p.name.split(".")[1]: json.loads(p.read_text(encoding="utf-8")) for p in result.saves}
    return build, result, saves


def by_tag(save, tag):
    return [o for o in walk(save["ObjectStates"]) if tag in o["Tags"]]


def test_one_save_and_thumbnail_per_locale(built):
    build, result, saves = built
    assert sorted(saves) == ["en", "zh-Hans", "zh-Hant"]
    assert sorted(p.name for p in result.thumbnails) == [
        "house.en.png", "house.zh-Hans.png", "house.zh-Hant.png"]


def test_every_save_passes_the_schema_and_cross_checks(built):
    _, _, saves = built
    for save in saves.values():
        assert schema.problems(save) == []


def test_guids_are_the_same_in_every_locale_and_match_the_tts_section(built):
    build, _, saves = built
    guid_sets = {loc: sorted(o["GUID"] for o in walk(s["ObjectStates"])) for loc, s in saves.items()}
    assert guid_sets["en"] == guid_sets["zh-Hans"] == guid_sets["zh-Hant"]
    tts = load_compiled(build / "content", "house")["tts"]
    save = saves["en"]
    objs = {o["GUID"]: o for o in walk(save["ObjectStates"])}
    for cid, entry in tts["cards"].items():
        assert objs[entry["guid"]]["CardID"] == entry["card_id"]
        assert objs[entry["guid"]]["GMNotes"] == f"{entry['deck']}:{cid}"
    for rid, entry in tts["rooms"].items():
        assert objs[entry["guid"]]["GMNotes"] == f"room:{rid}"
    assert objs[tts["room_bag"]]["Name"] == "Bag"
    assert objs[tts["omen_counter"]]["Name"] == "Counter"
    assert [objs[g]["Name"] for g in tts["dice"]] == ["Die_6"] * 8
    for cid, entry in tts["characters"].items():
        assert objs[entry["board"]]["GMNotes"] == f"character:{cid}"
        assert objs[entry["figurine"]]["Name"] == "PlayerPawn"
        assert all(objs[g]["Name"] == "BlockSquare" for g in entry["clips"].values())


def test_nicknames_are_localized(built):
    _, _, saves = built
    decks = {loc: {o["Nickname"] for o in by_tag(s, "deck")} for loc, s in saves.items()}
    assert decks["en"] == {"Event cards", "Item cards", "Omen cards"}
    assert decks["zh-Hans"] == {"事件卡", "物品卡", "预兆卡"}
    assert {o["Text"]["Text"] for o in by_tag(saves["zh-Hant"], "label")} == {"地下室", "一樓", "二樓"}
    room_desc = next(o["Description"] for o in by_tag(saves["en"], "room"))
    assert ":might:" not in room_desc and "[Might]" in room_desc


def test_decks_are_custom_decks_with_ids_in_contained_order(built):
    _, _, saves = built
    for deck in by_tag(saves["en"], "deck"):
        assert deck["Name"] == "Deck"
        assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
        (key, entry), = deck["CustomDeck"].items()
        assert set(entry) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"}
        assert [c["CardID"] for c in deck["ContainedObjects"]] == [int(key) * 100 + i for i in range(3)]
        assert deck["Transform"]["rotZ"] == 180          # face down


def test_starting_rooms_sit_connected_on_three_floors(built):
    """R-SETUP-1: the five starting tiles are placed first, the rest stay in the bag."""
    _, _, saves = built
    save = saves["en"]
    placed = {o["GMNotes"].split(":")[1]: o for o in save["ObjectStates"] if "room" in o["Tags"]}
    assert set(placed) == set(START)
    for rid, (floor, x, y) in START.items():
        tr = placed[rid]["Transform"]
        wx, wy, wz, rot = layout.cell_to_world(floor, x, y, 0)
        assert (tr["posX"], tr["posZ"], tr["rotY"]) == (round(wx, 3), round(wz, 3), rot)
        assert placed[rid]["Locked"] and placed[rid]["CustomImage"]["ImageSecondaryURL"]
    hall, foyer = placed["entrance_hall"]["Transform"], placed["foyer"]["Transform"]
    assert foyer["posZ"] - hall["posZ"] == pytest.approx(layout.TILE_PITCH)   # north neighbour
    floors_x = {placed[r]["Transform"]["posX"] for r in ("basement_landing", "entrance_hall", "upper_landing")}
    assert len(floors_x) == 3
    bag = by_tag(save, "room_bag")[0]
    assert sorted(o["GMNotes"] for o in bag["ContainedObjects"]) == ["room:attic", "room:bone_pantry", "room:chapel"]


def test_clips_start_on_their_start_values_and_dice_read_0_0_1_1_2_2(built):
    """R-SETUP-3 start clips; R-CHECK-2 dice faces."""
    build, _, saves = built
    save = saves["en"]
    tts = load_compiled(build / "content", "house")["tts"]
    objs = {o["GUID"]: o for o in walk(save["ObjectStates"])}
    board = objs[tts["characters"]["lin_wei"]["board"]]["Transform"]
    clip = objs[tts["characters"]["lin_wei"]["clips"]["knowledge"]]["Transform"]
    slot = tts["characters"]["lin_wei"]["slots"]["knowledge"][4 + 1]     # start index 4, skull first
    assert clip["posX"] == pytest.approx(board["posX"] + slot["x"], abs=1e-3)
    assert clip["posZ"] == pytest.approx(board["posZ"] + slot["z"], abs=1e-3)
    for die in by_tag(save, "die"):
        assert [v["Value"] for v in die["RotationValues"]] == ["0", "0", "1", "1", "2", "2"]


def test_transforms_are_rounded(built):
    _, _, saves = built
    for o in walk(saves["en"]["ObjectStates"]):
        tr = o["Transform"]
        for k in ("posX", "posY", "posZ"):
            assert round(tr[k], 3) == tr[k]
        for k in ("rotX", "rotY", "rotZ"):
            assert isinstance(tr[k], int) and 0 <= tr[k] < 360
        for k in ("scaleX", "scaleY", "scaleZ"):
            assert round(tr[k], 2) == tr[k]


def test_every_url_names_a_file_in_build_assets(built):
    build, result, saves = built
    for save in saves.values():
        urls = [s for s in strings(save) if s.startswith(result.base_url)]
        assert len(urls) > 10
        for url in urls:
            assert (build / "assets" / url[len(result.base_url):]).is_file(), url
        assert not [s for s in strings(save) if "://" in s and not s.startswith(result.base_url)
                    and s.startswith(("file:", "http"))]


def test_rebuild_is_byte_identical_and_keeps_other_content_bytes(built, tmp_path):
    build, result, _ = built
    before = {p: p.read_bytes() for p in result.saves + result.thumbnails}
    content_before = (build / "content" / "house.json").read_bytes()
    stage.build("house", ROOT, build, base_url="")
    assert {p: p.read_bytes() for p in before} == before
    assert (build / "content" / "house.json").read_bytes() == content_before
    # the save build never rewrites the content stage's file
    fresh = tmp_path / "fresh"
    make_build(fresh)
    assert (fresh / "content" / "house.json").read_bytes() == content_before


def test_base_url_setting_reaches_every_image(tmp_path, monkeypatch):
    build = tmp_path / "build"
    make_build(build)
    monkeypatch.setenv("HAUNTKIT_BASE_URL", "https://cdn.example.org/hk/assets")
    result = stage.build("house", ROOT, build, base_url=None)
    save = json.loads(result.saves[0].read_text())
    deck = by_tag(save, "deck")[0]
    (entry,) = deck["CustomDeck"].values()
    assert entry["FaceURL"].startswith("https://cdn.example.org/hk/assets/sheet.")
    assert "file://" not in json.dumps(save)


def test_public_builds_refuse_local_urls(tmp_path):
    for bad in ("", "file:///tmp/assets", "http://127.0.0.1:8787/assets/", "ftp://x/y"):
        with pytest.raises(BaseUrlError):
            resolve(bad, tmp_path, public=True)
    assert resolve("https://h.example/a", tmp_path, public=True) == "https://h.example/a/"


def test_bad_manifest_fails_clearly_and_writes_nothing(tmp_path):
    build = tmp_path / "build"
    doc, man = make_build(build)
    for loc in man["locales"].values():
        loc["decks"]["omen"]["sheets"][0]["cards"].remove("omen_1")
    (build / "assets" / "manifest.house.json").write_text(json.dumps(man))
    content_before = (build / "content" / "house.json").read_bytes()
    with pytest.raises(stage.StageError, match="omen_1"):
        stage.build("house", ROOT, build, base_url="")
    assert not (build / "tts").exists()
    assert (build / "content" / "house.json").read_bytes() == content_before


def test_missing_image_fails_before_writing(tmp_path):
    build = tmp_path / "build"
    make_build(build)
    victim = next((build / "assets").glob("room.chapel.en.*.png"))
    os.unlink(victim)
    with pytest.raises(stage.StageError, match="room.chapel.en"):
        stage.build("house", ROOT, build, base_url="")
    assert not (build / "tts").exists()


def test_schema_catches_duplicate_guids_bad_cardids_and_unknown_names(built):
    _, _, saves = built
    save = json.loads(json.dumps(saves["en"]))
    deck = by_tag(save, "deck")[0]
    deck["ContainedObjects"][1]["GUID"] = deck["ContainedObjects"][0]["GUID"]
    deck["ContainedObjects"][2]["CardID"] += 69         # past the usable cells
    save["ObjectStates"][0]["Name"] = "Spaceship"
    found = "\n".join(schema.problems(save))
    assert "already used" in found
    assert "outside the 69 usable cells" in found
    assert "DeckIDs do not list" in found
    assert "Spaceship" in found


def test_clip_slots_follow_the_board_layout_the_renderer_draws(built):
    """R-SETUP-3: a clip on index i sits on the board's circle for that value;
    the slots are the ones the renderer publishes in the manifest, computed
    from the character layout's tracks element."""
    from rulesets.house.render import track_slots
    build, _, _ = built
    uv = track_slots()
    assert list(uv) == ["might", "speed", "knowledge", "sanity"]
    assert all(len(row) == 9 for row in uv.values())
    xs = [u for u, _ in uv["might"]]
    assert xs == sorted(xs) and len({v for _, v in uv["might"]}) == 1
    tts = load_compiled(build / "content", "house")["tts"]
    width, depth = layout.board_size((300, 200))           # the fixture's board image
    skull = tts["characters"]["lin_wei"]["slots"]["might"][0]
    assert skull["x"] == pytest.approx((uv["might"][0][0] - 0.5) * width, abs=1e-3)
    assert skull["z"] == pytest.approx((0.5 - uv["might"][0][1]) * depth, abs=1e-3)


def test_notebook_explains_how_to_start_in_each_language(built):
    _, result, saves = built
    assert saves["en"]["TabStates"]["0"]["title"] == "How to start"
    assert "连接" in saves["zh-Hans"]["TabStates"]["0"]["body"]
    assert result.mod_version in saves["zh-Hant"]["TabStates"]["0"]["body"]


def test_the_notebook_is_a_rules_reference_from_the_content_in_each_language(built):
    """The rules in brief and how the table is played come from the words;
    the rooms, cards and characters are listed from the content in the save's
    locale, their icon tokens spelled out (a tab shows no icons)."""
    build, _, saves = built
    content = load_compiled(build / "content", "house")
    for locale, save in saves.items():
        tabs = save["TabStates"]
        assert sorted(tabs, key=int) == [str(i) for i in range(len(tabs))]
        assert all(t["id"] == int(k) for k, t in tabs.items())
        bodies = "\n".join(t["body"] for t in tabs.values())
        for kind in ("rooms", "events", "items", "omens"):
            for thing in content[kind].values():
                name = (thing.get("name") or thing.get("title"))[locale]
                assert name in bodies, f"{locale}: {name} is not in the notebook"
        for ch in content["characters"].values():
            assert all(side["name"][locale] in bodies for side in ch["sides"])
        assert ":might:" not in bodies and ":die:" not in bodies
        assert not any(h["title"][locale] in bodies for h in (content.get("haunts") or {}).values())
    assert [t["title"] for t in saves["en"]["TabStates"].values()][:3] == [
        "How to start", "At this table", "The rules in brief"]
    assert "End turn" in saves["en"]["TabStates"]["1"]["body"]
    assert "作祟判定" in saves["zh-Hans"]["TabStates"]["2"]["body"]
