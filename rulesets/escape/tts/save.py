"""One escape save for one locale, laid out from the plan: the four decks,
each seat's area (hand zone, mat, equipment zone, VP and stamina
counters), the column board with its slot zones, the character and
infected tokens, the die and the credits card; the rules in the notebook.
Texts come from the compiled content and the ruleset's words in the save's
locale, images from the manifest through `url(file)`."""
from __future__ import annotations

from typing import Callable

from kit.words import catalog
from pipeline.tts import objects, stable
from pipeline.tts.document import document

from .. import INFO
from . import layout as L
from .plan import CREDITS_KEY, CONTENT_OF, Plan, pos, seat_places, section, token_pool

TAG = "hauntkit"


def words():
    return catalog(INFO.folder)


def text(key: str, locale: str, **fields) -> str:
    return words().get(key, locale).format(**fields)


def _tr(p: dict | tuple, rot_y: float = L.UPRIGHT, flip: bool = False, **kw) -> dict:
    """A transform at a section position, an (x, z) on the table top or an (x, y, z)."""
    if isinstance(p, dict):
        p = (p["x"], p["y"], p["z"])
    x, y, z = p if len(p) == 3 else (p[0], L.SURFACE_Y, p[1])
    return stable.transform(x, y, z, rot_y=rot_y, rot_z=180 if flip else 0, **kw)


def _card_texts(deck: str, card: dict, locale: str) -> tuple[str, str]:
    if deck == "character":
        skill = card["skill"]
        return (f"{card['name'][locale]} · {card['role'][locale]}",
                f"{text('render.stamina', locale)} {card['stamina']}\n{skill['name'][locale]}: {skill['text'][locale]}")
    title = (card.get("title") or card.get("name"))[locale]
    return title, (card.get("text") or {}).get(locale, "")


def _decks(plan: Plan, content: dict, assets: dict, locale: str, url) -> list[dict]:
    out = []
    for deck, dp in plan.decks.items():
        info = assets["decks"][deck]
        back = url(info["back"])
        entries = {key: objects.custom_deck_entry(url(sheet["file"]), back, sheet["num_width"], sheet["num_height"],
                                                  bool(info.get("back_is_hidden")))
                   for key, sheet in zip(dp.keys, info["sheets"])}
        cards = []
        for cid, card_id, guid in dp.cards:
            title, desc = _card_texts(deck, content[CONTENT_OF[deck]][cid], locale)
            cards.append(objects.card(guid, card_id, card_id // 100, entries[card_id // 100],
                                      _tr(dp.position, flip=True), title, desc, [TAG, "card", deck], f"{deck}:{cid}"))
        top = (dp.position[0], L.SURFACE_Y + 0.5, dp.position[1])
        out.append(objects.deck(dp.guid, cards, entries, _tr(top, flip=True), text(f"table.deck.{deck}", locale),
                                [TAG, "deck", deck]))
    return out


def _seats(plan: Plan, assets: dict, locale: str, url) -> list[dict]:
    mat = assets["table"]["mat"]
    w, h = L.mat_places()["equipment_extent"]
    scale = L.tile_scale("mat")
    out = []
    for colour, sp in plan.seats.items():
        seat = text(f"colour.{colour}", locale)
        places = seat_places(sp)
        hand_z = L.HAND_Z if sp.z > 0 else -L.HAND_Z
        out.append(objects.hand_zone(sp.hand, stable.transform(sp.x, L.SURFACE_Y + 2, hand_z,
                                                               rot_y=0 if sp.z < 0 else 180, scale_xyz=L.HAND_SCALE),
                                     colour, [TAG]))
        out.append(objects.custom_tile(sp.mat, _tr((sp.x, sp.z), sp.rot_y, scale_xyz=(scale, 1, scale)),
                                       url(mat["top"]), url(mat["bottom"]), text("table.mat", locale, seat=seat), "",
                                       [TAG, "mat"], thickness=0.1, gm_notes=f"mat:{colour}", locked=True))
        a = places["equipment_area"]
        zone_size = (w, 2.0, h)
        out.append(objects.scripting_zone(sp.equipment_zone, stable.transform(a["x"], L.SURFACE_Y + 1, a["z"],
                                                                              scale_xyz=zone_size),
                                          text("table.equipment", locale, seat=seat), [TAG, "equipment_zone"],
                                          f"equipment:{colour}"))
        for which in ("vp", "stamina"):
            out.append(objects.counter(getattr(sp, which), _tr(places[which], sp.rot_y),
                                       text(f"table.{which}", locale, seat=seat), [TAG, which, colour]))
    return out


def _column(plan: Plan, assets: dict, locale: str, url) -> list[dict]:
    board = assets["table"]["column"]
    scale = L.tile_scale("column")
    out = [objects.custom_tile(plan.column, _tr((0.0, 0.0), scale_xyz=(scale, 1, scale)), url(board["top"]),
                               url(board["bottom"]), text("table.column", locale), text("table.column_help", locale),
                               [TAG, "column"], thickness=0.1, gm_notes="column", locked=True)]
    places = L.column_places()
    w, h = places["slot_extent"]
    for i, (guid, slot) in enumerate(zip(plan.slot_zones, places["slots"])):
        x, _, z = L.at((0.0, 0.0), slot)
        out.append(objects.scripting_zone(guid, stable.transform(x, L.SURFACE_Y + 1, z, scale_xyz=(w, 2.0, h)),
                                          text("table.slot", locale, n=i + 1), [TAG, "slot"], f"slot:{i}"))
    return out


def _tokens(plan: Plan, content: dict, assets: dict, locale: str, url, scripts: dict) -> list[dict]:
    images = assets["table"]["tokens"]
    scale = L.TOKEN_SIZE / 2
    out = []
    for (cid, guid), p in zip(plan.tokens.items(), token_pool(len(plan.tokens), L.CHARACTER_SUPPLY_X)):
        img = images[cid]
        name = content["characters"][cid]["name"][locale]
        out.append(objects.custom_tile(guid, _tr(p, scale=scale), url(img["top"]), url(img["bottom"]), name,
                                       content["characters"][cid]["role"][locale], [TAG, "pawn"],
                                       gm_notes=f"pawn:{cid}", shape="circle"))
    img = images["infected"]
    for i, (guid, p) in enumerate(zip(plan.infected_tokens, token_pool(len(plan.infected_tokens),
                                                                       L.INFECTED_POOL_X))):
        out.append(objects.custom_tile(guid, _tr(p, scale=scale), url(img["top"]), url(img["bottom"]),
                                       text("render.infected_token", locale), "", [TAG, "pawn", "infected_pawn"],
                                       gm_notes=f"pawn:infected.{i}", shape="circle"))
    for obj in out:
        obj["LuaScript"] = scripts["pawn"]
    return out


def _die(plan: Plan, locale: str, scripts: dict) -> dict:
    die = objects.die(plan.die, _tr(L.DIE), text("table.die", locale), text("table.die_help", locale),
                      [TAG, "die"], INFO.dice.faces)
    die["LuaScript"] = scripts["die"]
    return die


def _credits(plan: Plan, assets: dict, locale: str, url) -> list[dict]:
    face = assets.get("extras", {}).get("credits")
    if not face:
        return []
    entry = objects.custom_deck_entry(url(face), url(face), 1, 1, back_is_hidden=True)
    return [objects.card(plan.credits, CREDITS_KEY * 100, CREDITS_KEY, entry, _tr(L.CREDITS),
                         text("table.credits", locale), "", [TAG, "credits"], "credits")]


def build_save(plan: Plan, content: dict, manifest: dict, locale: str, url: Callable[[str], str],
               scripts: dict[str, str], xml_ui: str, mod_version: str) -> dict:
    assets = manifest["locales"][locale]
    objs = [*_decks(plan, content, assets, locale, url), *_seats(plan, assets, locale, url),
            *_column(plan, assets, locale, url), *_tokens(plan, content, assets, locale, url, scripts),
            _die(plan, locale, scripts), *_credits(plan, assets, locale, url)]
    tabs = [(text("table.notebook_title", locale), text("table.notebook_body", locale, version=mod_version)),
            (text("table.rules_title", locale), text("table.rules_body", locale))]
    return document(game=text("render.game_title", locale), version=mod_version, info=INFO, table=L.TABLE,
                    objects=objs, scripts=scripts, xml_ui=xml_ui, tabs=tabs, snap_points=_snap_points(plan),
                    rules=text("table.rules_body", locale))


def _snap_points(plan: Plan) -> list[dict]:
    """A snap point on every slot of the column and every equipment place,
    so a piece put down by hand lands where the server would put it."""
    tts = section(plan, "")
    points = [(p, L.UPRIGHT) for p in [*tts["column"]["slots"], tts["places"]["front"], tts["places"]["end"]]]
    for seat in tts["seats"].values():
        points += [(p, seat["rot_y"]) for p in [seat["character"], *seat["equipment"]]]
    return [{"Position": pos((p["x"], p["y"] - 0.5, p["z"])), "Rotation": {"x": 0, "y": rot, "z": 0}}
            for p, rot in points]
