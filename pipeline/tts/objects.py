"""ObjectState builders: one function per TTS object kind the save uses.

Every object carries the same set of common keys (so the schema can require
them and a diff shows only real changes); kind-specific keys are added on
top, with the exact names TTS writes itself.
"""
from __future__ import annotations

from . import stable

CARD_GREY = "#b6b6b6"   # TTS's default tint for custom cards (≈0.713)


def base(name: str, guid: str, tr: dict, nickname: str = "", description: str = "",
         tags: list[str] | tuple = (), locked: bool = False, tint: str = "#ffffff",
         gm_notes: str = "") -> dict:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": tr,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": gm_notes,
        "ColorDiffuse": stable.color(tint),
        "Tags": sorted(set(tags)),
        "Locked": locked,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "HideWhenFaceDown": False,
        "Hands": False,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


def custom_deck_entry(face_url: str, back_url: str, num_width: int, num_height: int,
                      back_is_hidden: bool) -> dict:
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": num_width,
            "NumHeight": num_height, "BackIsHidden": back_is_hidden,
            "UniqueBack": False, "Type": 0}


def card(guid: str, card_id: int, deck_key: int, entry: dict, tr: dict,
         nickname: str, description: str, tags: list[str], gm_notes: str) -> dict:
    obj = base("Card", guid, tr, nickname, description, tags, tint=CARD_GREY, gm_notes=gm_notes)
    # HideWhenFaceDown as in TTS's own saved cards: a face-down card must not
    # show its name and text in the tooltip, or the deck gives its cards away.
    obj.update({"CardID": card_id, "CustomDeck": {str(deck_key): entry},
                "SidewaysCard": False, "Hands": True, "HideWhenFaceDown": True})
    return obj


def deck(guid: str, cards: list[dict], entries: dict[int, dict], tr: dict,
         nickname: str, tags: list[str]) -> dict:
    if len(cards) < 2:
        # TTS only keeps a deck while it holds two or more cards.
        raise ValueError(f"deck {nickname!r} needs at least 2 cards, has {len(cards)}")
    # "Deck" is the Name TTS writes when it saves any deck ("DeckCustom" is
    # only the spawn type of the custom-deck dialog).
    obj = base("Deck", guid, tr, nickname, "", tags, tint=CARD_GREY)
    obj.update({
        "DeckIDs": [c["CardID"] for c in cards],
        "CustomDeck": {str(k): v for k, v in sorted(entries.items())},
        "ContainedObjects": cards,
        "HideWhenFaceDown": True,
        "SidewaysCard": False,
    })
    return obj


SHAPES = {"box": 0, "hex": 1, "circle": 2, "rounded": 3}   # CustomTile.Type


def custom_tile(guid: str, tr: dict, top_url: str, bottom_url: str, nickname: str,
         description: str, tags: list[str], thickness: float = 0.2, gm_notes: str = "",
         locked: bool = False, shape: str = "box") -> dict:
    """A TTS Custom_Tile. Stretch is always on, as in real saves' boards and
    playmats: the object then takes its image's aspect ratio, shorter side
    2 units at scale 1; what Stretch off does to a non-square image is not
    documented anywhere. `shape` is its outline (a round token is
    `circle`)."""
    obj = base("Custom_Tile", guid, tr, nickname, description, tags, locked=locked,
               gm_notes=gm_notes)
    obj["CustomImage"] = {
        "ImageURL": top_url,
        "ImageSecondaryURL": bottom_url,
        "ImageScalar": 1,
        "WidthScale": 0,
        "CustomTile": {"Type": SHAPES[shape], "Thickness": thickness, "Stackable": False,
                       "Stretch": True},
    }
    return obj


def bag(guid: str, tr: dict, nickname: str, contents: list[dict], tags: list[str]) -> dict:
    obj = base("Bag", guid, tr, nickname, "", tags, tint="#3b2f2f")
    obj.update({"Bag": {"Order": 0}, "ContainedObjects": contents})
    return obj


# Die_6 face rotations (the die lies with face 1…6 up).
_D6_ROTATIONS = [(-90, 0, 0), (0, 0, 0), (0, 0, -90), (0, 0, 90), (0, 0, 180), (90, 0, 0)]


def die(guid: str, tr: dict, nickname: str, description: str, tags: list[str],
        faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)) -> dict:
    """A d6 whose faces read the game's values (a ruleset's `INFO.dice.faces`),
    so TTS and the `show_dice` instruction speak the game's numbers."""
    if len(faces) != len(_D6_ROTATIONS):
        raise ValueError(f"a d6 has {len(_D6_ROTATIONS)} faces, not {len(faces)}")
    obj = base("Die_6", guid, tr, nickname, description, tags, tint="#f2efe6")
    obj["RotationValues"] = [
        {"Value": str(value), "Rotation": {"x": x % 360, "y": y % 360, "z": z % 360}}
        for value, (x, y, z) in zip(faces, _D6_ROTATIONS)
    ]
    return obj


def counter(guid: str, tr: dict, nickname: str, tags: list[str], value: int = 0) -> dict:
    obj = base("Counter", guid, tr, nickname, "", tags, tint="#5b3a6e")
    obj["Counter"] = {"value": value}
    return obj


def block(guid: str, tr: dict, nickname: str, tint: str, tags: list[str]) -> dict:
    return base("BlockSquare", guid, tr, nickname, "", tags, tint=tint)


def pawn(guid: str, tr: dict, nickname: str, tint: str, tags: list[str]) -> dict:
    return base("PlayerPawn", guid, tr, nickname, "", tags, tint=tint)


def text3d(guid: str, tr: dict, text: str, tags: list[str], size: int = 96) -> dict:
    obj = base("3DText", guid, tr, text, "", tags, locked=True)
    obj["Text"] = {"Text": text, "colorstate": stable.color("#e8e0d0"), "fontSize": size}
    return obj


def scripting_zone(guid: str, tr: dict, nickname: str, tags: list[str], gm_notes: str = "") -> dict:
    """A ScriptingTrigger: an invisible box whose scale is its size in world
    units, so a script can tell whether a dropped piece lies in it."""
    return base("ScriptingTrigger", guid, tr, nickname, "", tags, locked=True, gm_notes=gm_notes)


def hand_zone(guid: str, tr: dict, color: str, tags: list[str]) -> dict:
    """A player's hand (TTS keeps hands as HandTrigger zones owned through
    FogColor). Tagged like every hauntkit object, because tagged objects only
    enter zones sharing a tag."""
    obj = base("HandTrigger", guid, tr, "", "", tags, locked=True, tint=_SEAT_TINT.get(color, "#ffffff"))
    obj["FogColor"] = color
    return obj


_SEAT_TINT = {"White": "#ffffff", "Red": "#da1918", "Yellow": "#e7e52c", "Green": "#31b32b",
              "Blue": "#1f87ff", "Purple": "#a020f0"}
