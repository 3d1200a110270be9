"""One TTS save document for a ruleset and locale, laid out from the plan.

The save lists every object the game needs at the position the plan gives;
texts come from the compiled content in the save's locale and images from
the asset manifest through `url(file)`, so the same plan yields one save per
locale that differ only in words and pictures.
"""
from __future__ import annotations

import re
from typing import Callable

from pipeline.tts import objects, stable
from rulesets.house import INFO

from . import layout, notebook
from .plan import CREDITS_KEY, TRAITS, Plan
from .terms import term

VERSION_NUMBER = "v13.2.2"     # TTS version whose save format this follows
TAG = "hauntkit"
_ICON = re.compile(r":(might|speed|knowledge|sanity|event|item|omen|die):")
_DIE = {"zh-Hans": "骰", "zh-Hant": "骰", "en": "die"}


def plain(text: str, locale: str, terms: dict) -> str:
    """Inline icon tokens → words: TTS tooltips cannot show the icons.
    `terms` are the content's (trait names)."""
    def word(m: re.Match) -> str:
        key = m.group(1)
        if key == "die":
            return _DIE[locale]
        return f"[{term(key, locale, terms)}]"
    return _ICON.sub(word, text)


def _loc(text: dict | None, locale: str, terms: dict) -> str:
    return plain((text or {}).get(locale, ""), locale, terms)


def _tr(p, rot_y=layout.ROTATION_OFFSET, scale=1.0, flip=False, **kw):
    return stable.transform(p[0], p[1], p[2], rot_y=rot_y, scale=scale,
                            rot_z=180 if flip else 0, **kw)


def build_save(plan: Plan, content: dict, manifest: dict, locale: str, url: Callable[[str], str],
               scripts: dict[str, str], xml_ui: str, mod_version: str) -> dict:
    assets = manifest["locales"][locale]
    objs: list[dict] = []
    for label in _floor_labels(plan, locale, content.get("terms") or {}):
        objs.append(label)
    objs.extend(_starting_rooms(plan, content, assets, locale, url, scripts))
    objs.append(_room_bag(plan, content, assets, locale, url, scripts))
    objs.extend(_decks(plan, content, assets, locale, url))
    objs.extend(_characters(plan, content, assets, locale, url, scripts))
    objs.extend(_dice(plan, locale, scripts))
    objs.append(objects.counter(plan.omen_counter,
                                _tr((layout.OMEN_COUNTER_X, layout.SURFACE_Y, layout.ROW_DECKS_Z)),
                                term("omen_counter", locale), [TAG, "omen_counter"]))
    objs.extend(_track(plan, locale, url))
    credits = assets.get("extras", {}).get("credits")
    if credits:
        objs.append(_credits_card(plan, url(credits), locale))
    for color, x, z, rot in layout.HANDS:
        objs.append(objects.hand_zone(plan.hands[color],
                                      stable.transform(x, layout.SURFACE_Y + 2, z, rot_y=rot,
                                                       scale_xyz=layout.HAND_SCALE),
                                      color, [TAG]))

    game = term("game_mode", locale)
    tags = sorted({t for o in _walk(objs) for t in o["Tags"]})
    return {
        "SaveName": f"{game} {mod_version}",
        "GameMode": game,
        "GameType": "Games",
        "GameComplexity": INFO.complexity,
        "PlayingTime": list(INFO.playing_time),
        "PlayerCounts": list(INFO.players),
        "Tags": [],
        "Date": "",
        "EpochTime": 0,
        "VersionNumber": VERSION_NUMBER,
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": layout.TABLE,
        "TableURL": "",
        "Sky": "Sky_Museum",
        "SkyURL": "",
        "Note": "",
        "Rules": "",
        "TabStates": notebook.tabs(content, locale, mod_version,
                                   lambda text: _loc(text, locale, content.get("terms") or {})),
        "Grid": {"Type": 0, "Lines": False, "Color": {"r": 0, "g": 0, "b": 0},
                 "Opacity": 0.75, "ThickLines": False, "Snapping": False, "Offset": False,
                 "BothSnapping": False, "xSize": 2, "ySize": 2,
                 "PosOffset": {"x": 0, "y": 1, "z": 0}},
        "Hands": {"Enable": True, "DisableUnused": False, "Hiding": 0},
        "Turns": {"Enable": False, "Type": 0, "TurnOrder": [], "Reverse": False,
                  "SkipEmpty": False, "DisableInteractions": False,
                  # The rules server passes the turn (the Lua marks whose it is).
                  "PassTurns": False,
                  "TurnColor": ""},
        "ComponentTags": {"labels": [{"displayed": t, "normalized": t.lower()} for t in tags]},
        "DecalPallet": [],
        "SnapPoints": _snap_points(),
        "CustomUIAssets": [],
        "LuaScript": scripts["Global"],
        "LuaScriptState": "",
        "XmlUI": xml_ui,
        "ObjectStates": objs,
    }


def _walk(objs):
    for o in objs:
        yield o
        yield from _walk(o.get("ContainedObjects", []))


def _snap_points() -> list[dict]:
    """Rotation snap points on every cell of each floor area near its origin,
    so a tile dropped by hand lands on the grid the engine uses."""
    points = []
    for floor in layout.FLOOR_ORIGINS:
        lo_y, hi_y = (-1, 5) if floor == "ground" else (-3, 3)
        for gy in range(lo_y, hi_y + 1):
            for gx in range(-3, 4):
                x, y, z, rot = layout.cell_to_world(floor, gx, gy)
                points.append({"Position": stable.pos(x, y - 0.5, z),
                               "Rotation": {"x": 0, "y": rot, "z": 0}})
    return points


def _floor_labels(plan: Plan, locale: str, terms: dict):
    for floor, (x, _, _) in layout.FLOOR_ORIGINS.items():
        yield objects.text3d(plan.guids.guid("label", floor),
                             stable.transform(x, layout.SURFACE_Y, layout.FLOOR_LABEL_Z,
                                              rot_x=90, rot_y=0),
                             term(floor, locale, terms), [TAG, "label"])


def _room_tile(plan, rid, room, assets, locale, url, scripts, tr, terms):
    files = assets["rooms"].get(rid)
    if not files:
        raise KeyError(f"asset manifest ({locale}): no images for room {rid!r}")
    floors = " / ".join(term(f, locale, terms) for f in room.get("floors", []))
    desc = "\n".join(x for x in (_loc(room.get("text"), locale, terms), floors) if x)
    obj = objects.custom_tile(plan.rooms[rid]["guid"], tr, url(files["top"]), url(files["bottom"]),
                       _loc(room["name"], locale, terms), desc, [TAG, "room"],
                       thickness=layout.TILE_THICKNESS, gm_notes=f"room:{rid}")
    obj["LuaScript"] = scripts["room"]
    return obj


def _starting_rooms(plan, content, assets, locale, url, scripts):
    for rid, room in (content.get("rooms") or {}).items():
        start = plan.rooms[rid]["start"]
        if not start:
            continue
        x, y, z, rot = layout.cell_to_world(start["floor"], start["x"], start["y"], start["rotation"])
        tr = stable.transform(x, y, z, rot_y=rot, scale=layout.TILE_SCALE)
        tile = _room_tile(plan, rid, room, assets, locale, url, scripts, tr, content.get("terms") or {})
        tile["Locked"] = True
        yield tile


def _room_bag(plan, content, assets, locale, url, scripts):
    inside = []
    for rid, room in sorted((content.get("rooms") or {}).items()):
        if plan.rooms[rid]["start"]:
            continue
        tr = stable.transform(0, 0, 0, rot_y=layout.ROTATION_OFFSET, scale=layout.TILE_SCALE,
                              rot_z=180)
        inside.append(_room_tile(plan, rid, room, assets, locale, url, scripts, tr, content.get("terms") or {}))
    return objects.bag(plan.room_bag,
                       _tr((layout.ROOM_BAG_X, layout.SURFACE_Y, layout.ROW_DECKS_Z)),
                       term("room_bag", locale), inside, [TAG, "room_bag"])


def _decks(plan, content, assets, locale, url):
    terms = content.get("terms") or {}
    for deck, dp in plan.decks.items():
        info = assets["decks"][deck]
        back = url(info["back"])
        entries = {}
        for key, s in zip(dp.keys, dp.sheets):
            sheet = info["sheets"][s]
            entries[key] = objects.custom_deck_entry(url(sheet["file"]), back, sheet["num_width"],
                                                     sheet["num_height"],
                                                     bool(info.get("back_is_hidden", False)))
        cards = []
        for cid, card_id, guid in dp.cards:
            data = content[deck + "s"][cid]
            key = card_id // 100
            cards.append(objects.card(guid, card_id, key, entries[key],
                                      _tr(dp.position, flip=True),
                                      _loc(data.get("title"), locale, terms),
                                      _loc(data.get("text"), locale, terms),
                                      [TAG, "card", deck], f"{deck}:{cid}"))
        yield objects.deck(dp.guid, cards, entries, _tr(dp.position, flip=True),
                           term(deck, locale), [TAG, "deck", deck])


def _characters(plan, content, assets, locale, url, scripts):
    terms = content.get("terms") or {}
    for cid, cp in plan.characters.items():
        char = content["characters"][cid]
        side = char["sides"][0]
        files = assets["characters"].get(cid)
        if not files:
            raise KeyError(f"asset manifest ({locale}): no board images for character {cid!r}")
        name = _loc(side["name"], locale, terms)
        names = " / ".join(_loc(s["name"], locale, terms) for s in char["sides"])
        s = layout.tile_scale(cp["size"])
        board = objects.custom_tile(cp["board"], _tr(cp["position"], scale_xyz=(s, 1, s)),
                             url(files["sides"][0]), url(files["sides"][1]), name, names,
                             [TAG, "board"], gm_notes=f"character:{cid}")
        board["LuaScript"] = scripts["board"]
        yield board
        bx, by, bz = cp["position"]
        for trait in TRAITS:
            start = side["traits"][trait]["start"]
            off = cp["slots"][trait][start + 1]
            yield objects.block(cp["clips"][trait],
                                _tr((bx + off["x"], by + 0.3, bz + off["z"]), scale=layout.CLIP_SCALE),
                                f"{name}: {term(trait, locale, terms)} {term('clip', locale)}",
                                layout.TRAIT_COLORS[trait], [TAG, "clip", trait])
        w, _ = cp["size"]
        fig = objects.pawn(cp["figurine"], _tr((bx + w / 2 + 0.9, by, bz)),
                           name, char.get("color", "#ffffff"), [TAG, "figure"])
        fig["GMNotes"] = f"character:{cid}"
        fig["LuaScript"] = scripts["figure"]
        yield fig


def _dice(plan, locale, scripts):
    for i, guid in enumerate(plan.dice):
        die = objects.die(guid, _tr((layout.DICE_X0 + i * layout.DICE_STEP, layout.SURFACE_Y,
                                     layout.ROW_DECKS_Z)),
                          f"{term('die', locale)} {i + 1}", term("die_help", locale), [TAG, "die"],
                          INFO.dice.faces)
        die["LuaScript"] = scripts["die"]
        yield die


def _track(plan, locale, url):
    tp = plan.track
    tx, ty, tz = tp["position"]
    s = layout.tile_scale(tp["size"])
    board = objects.custom_tile(tp["guid"], _tr(tp["position"], scale_xyz=(s, 1, s)),
                         url(tp["image"]), url(tp["image"]), term("track", locale), "",
                         [TAG, "track"])
    yield board
    first = tp["slots"][0]
    yield objects.block(tp["clip"], _tr((tx + first["x"], ty + 0.3, tz + first["z"]),
                                        scale=layout.CLIP_SCALE),
                        term("track_clip", locale), "#d4ac0d", [TAG, "track_clip"])


def _credits_card(plan, face_url, locale):
    """The icon and font credits (CC BY needs them shown): a single card."""
    entry = objects.custom_deck_entry(face_url, face_url, 1, 1, back_is_hidden=True)
    key = CREDITS_KEY
    return objects.card(plan.guids.guid("card", "credits"), key * 100, key, entry,
                        _tr((layout.OMEN_COUNTER_X, layout.SURFACE_Y, layout.ROW_DISCARD_Z)),
                        term("credits", locale), "", [TAG, "credits"], "credits")
