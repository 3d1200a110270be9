"""The save against what real TTS saves and mod sources show.

Each test names the public fact it checks (README, "Playing in Tabletop
Simulator", lists the sources); the values TTS itself interprets are the
ones a wrong guess would break silently at the table.
"""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from pipeline.tts import objects, preview, schema, stage
from rulesets.house.tts import layout
from tests.tts_fake.fixture import make_build
from tests.tts_fake.saves import walk
from server.content import load_compiled

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    build = tmp_path_factory.mktemp("facts") / "build"
    make_build(build)
    result = stage.build("house", ROOT, build, base_url="")
    save = json.loads(next(p for p in result.saves if ".en." in p.name).read_text(encoding="utf-8"))
    tts = load_compiled(build / "content", "house")["tts"]
    return save, tts


def _objs(save):
    return {o["GUID"]: o for o in walk(save["ObjectStates"])}


def _image_px(url: str) -> tuple[int, int]:
    with Image.open(unquote(urlparse(url).path)) as img:
        return img.size


def test_decks_use_the_name_tts_saves_and_face_down_cards_hide_their_text(built):
    """Real saved decks are `Deck` face down (rotZ 180) with HideWhenFaceDown;
    real saved cards have HideWhenFaceDown and Hands on, and CustomDeck
    entries with exactly these seven keys under a string key."""
    save, tts = built
    objs = _objs(save)
    entry_keys = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}
    for name, deck_info in tts["decks"].items():
        deck = objs[deck_info["guid"]]
        assert deck["Name"] == "Deck"
        assert deck["Transform"]["rotZ"] == 180 and deck["HideWhenFaceDown"] is True
        assert deck["Hands"] is False
        assert sorted(deck["CustomDeck"]) == [str(k) for k in deck_info["keys"]]
        for card in deck["ContainedObjects"]:
            assert card["Name"] == "Card"
            assert card["HideWhenFaceDown"] is True, f"{name} card {card['GUID']} shows its face down"
            assert card["Hands"] is True
            (key, entry), = card["CustomDeck"].items()
            assert key == str(card["CardID"] // 100) and set(entry) == entry_keys


def test_die_faces_use_the_standard_d6_rotations_relabelled(built):
    """R-CHECK-2: a die reads 0, 0, 1, 1, 2, 2. The six rotations are the
    ones public Die_6 / custom d6 definitions give for faces 1–6 (1: x −90,
    2: none, 3: z −90, 4: z 90, 5: z 180, 6: x 90), here in 0–359 form."""
    save, tts = built
    objs = _objs(save)
    expected = [(270, 0, 0), (0, 0, 0), (0, 0, 270), (0, 0, 90), (0, 0, 180), (90, 0, 0)]
    for guid in tts["dice"]:
        die = objs[guid]
        assert die["Name"] == "Die_6"
        got = [(v["Rotation"]["x"], v["Rotation"]["y"], v["Rotation"]["z"]) for v in die["RotationValues"]]
        assert got == expected
        assert [v["Value"] for v in die["RotationValues"]] == ["0", "0", "1", "1", "2", "2"]


def test_non_square_tiles_get_the_world_size_the_plan_uses(built):
    """A Custom_Tile with Stretch on keeps its image's aspect, shorter side
    2 units at scale 1 (SCED's playmat, a landscape tile, has snap points
    out to ±1.8 local units across and ±0.6 deep). Boards and the track are
    landscape images; their footprint must be what clip slots assume."""
    save, tts = built
    objs = _objs(save)
    boards = [objs[c["board"]] for c in tts["characters"].values()]
    track = objs[tts["track"]["guid"]]
    for tile in boards + [track]:
        tr, image = tile["Transform"], tile["CustomImage"]
        assert image["CustomTile"]["Stretch"] is True
        assert tr["scaleY"] == 1 and tr["scaleX"] == tr["scaleZ"]
        w, h = _image_px(image["ImageURL"])
        world = (2 * tr["scaleX"] * w / h, 2 * tr["scaleX"])
        assert preview._footprint(tile) == pytest.approx(world)
        if tile is track:
            assert world == pytest.approx((6.0, 1.5))
        else:
            assert world == pytest.approx(layout.board_size((w, h)), abs=0.01)
            assert world[0] < layout.BOARD_STEP            # neighbouring boards do not overlap
    xs = sorted(b["Transform"]["posX"] for b in boards)
    assert all(b - a >= layout.BOARD_WIDTH for a, b in zip(xs, xs[1:]))


def test_clip_slots_stay_on_the_board_they_belong_to(built):
    """R-SETUP-3: every clip slot lies inside its board's real footprint."""
    save, tts = built
    objs = _objs(save)
    for entry in tts["characters"].values():
        board = objs[entry["board"]]
        width, depth = preview._footprint(board)
        for slots in entry["slots"].values():
            for s in slots:
                assert abs(s["x"]) < width / 2 and abs(s["z"]) < depth / 2


def test_tiles_have_the_custom_image_keys_real_saves_have(built):
    """Real Custom_Tile objects: CustomImage {ImageURL, ImageSecondaryURL,
    ImageScalar, WidthScale, CustomTile {Type, Thickness, Stackable, Stretch}}."""
    save, _ = built
    tiles = [o for o in walk(save["ObjectStates"]) if o["Name"] == "Custom_Tile"]
    assert tiles
    for t in tiles:
        image = t["CustomImage"]
        assert set(image) == {"ImageURL", "ImageSecondaryURL", "ImageScalar", "WidthScale", "CustomTile"}
        assert set(image["CustomTile"]) == {"Type", "Thickness", "Stackable", "Stretch"}
        assert image["ImageSecondaryURL"]            # both faces drawn, no fallback to the top


def test_top_level_and_zone_shapes_match_real_saves(built):
    """TabStates keyed by stringified ints with title/body/color/visibleColor/id;
    SnapPoints as {Position, Rotation}; Global Lua and XmlUI as strings;
    hand zones as locked HandTrigger objects owned through FogColor, facing
    the table; 3D labels flat."""
    save, tts = built
    tab = save["TabStates"]["0"]
    assert set(tab) == {"title", "body", "color", "visibleColor", "id"} and tab["id"] == 0
    assert all(set(p) == {"Position", "Rotation"} for p in save["SnapPoints"])
    assert isinstance(save["LuaScript"], str) and save["LuaScript"]
    assert save["XmlUI"].lstrip().startswith("<") and save["LuaScriptState"] == ""
    objs = _objs(save)
    for color, guid in tts["hands"].items():
        hand = objs[guid]
        assert hand["Name"] == "HandTrigger" and hand["FogColor"] == color and hand["Locked"] is True
        # SCED's hand zone west of the table (posX −65.7) has rotY 90: a zone's
        # local +z points from its seat to the table centre.
        tr = hand["Transform"]
        assert tr["rotY"] == (0 if tr["posZ"] < 0 else 180)
    for label in (o for o in save["ObjectStates"] if o["Name"] == "3DText"):
        # real saved 3D text lying flat on the table: rotX 90
        assert label["Transform"]["rotX"] == 90
        assert set(label["Text"]) == {"Text", "colorstate", "fontSize"}


@pytest.mark.parametrize("size", [(0, 1), (2, -1)])
def test_tile_scale_refuses_empty_sizes(size):
    with pytest.raises(ValueError, match="must be positive"):
        layout.tile_scale(size)


def test_tile_scale_takes_the_shorter_side():
    assert layout.tile_scale((6.0, 3.75)) == pytest.approx(1.875)
    assert layout.tile_scale((2.0, 5.0)) == pytest.approx(1.0)
    assert objects.custom_tile("abcdef", {}, "file:///a.png", "file:///b.png", "", "", [])["CustomImage"][
        "CustomTile"]["Stretch"] is True


def test_schema_refuses_a_card_that_shows_its_text_face_down(built):
    save, _ = built
    save = json.loads(json.dumps(save))
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "Deck")
    deck["ContainedObjects"][0]["HideWhenFaceDown"] = False
    del deck["ContainedObjects"][1]["HideWhenFaceDown"]
    found = "\n".join(schema.problems(save))
    assert "True was expected" in found
    assert "'HideWhenFaceDown' is a required property" in found
