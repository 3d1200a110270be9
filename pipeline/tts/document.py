"""The frame of a save document every ruleset's table shares: the game's
facts, the table and sky, the notebook tabs, hands and turns, the component
tags of its objects, the Global script and the connect panel. A ruleset's
`TABLE.save` fills in its objects (and snap points, rules text)."""
from __future__ import annotations

from typing import Any

VERSION_NUMBER = "v13.2.2"    # the TTS save format this follows


def _walk(objs):
    for o in objs:
        yield o
        yield from _walk(o.get("ContainedObjects", []))


def document(*, game: str, version: str, info: Any, table: str, objects: list[dict], scripts: dict[str, str], xml_ui: str,
             tabs: list[tuple[str, str]], snap_points: list[dict] | None = None, rules: str = "",
             sky: str = "Sky_Museum") -> dict:
    """`game` is the game's name in the save's locale and `version` the mod
    version (together the save's name); `info` the ruleset's `RulesetInfo`;
    `tabs` the notebook's (title, body) pages."""
    tags = sorted({t for o in _walk(objects) for t in o["Tags"]})
    grey = {"color": "Grey", "visibleColor": {"r": 0.5, "g": 0.5, "b": 0.5}}
    return {
        "SaveName": f"{game} {version}", "GameMode": game, "GameType": "Games",
        "GameComplexity": info.complexity, "PlayingTime": list(info.playing_time),
        "PlayerCounts": list(info.players), "Tags": [], "Date": "", "EpochTime": 0,
        "VersionNumber": VERSION_NUMBER, "Gravity": 0.5, "PlayArea": 0.5, "Table": table,
        "TableURL": "", "Sky": sky, "SkyURL": "", "Note": "", "Rules": rules,
        "TabStates": {str(i): {"title": title, "body": body, "id": i, **grey}
                      for i, (title, body) in enumerate(tabs)},
        "Grid": {"Type": 0, "Lines": False, "Color": {"r": 0, "g": 0, "b": 0}, "Opacity": 0.75,
                 "ThickLines": False, "Snapping": False, "Offset": False, "BothSnapping": False,
                 "xSize": 2, "ySize": 2, "PosOffset": {"x": 0, "y": 1, "z": 0}},
        "Hands": {"Enable": True, "DisableUnused": False, "Hiding": 0},
        "Turns": {"Enable": False, "Type": 0, "TurnOrder": [], "Reverse": False, "SkipEmpty": False,
                  "DisableInteractions": False, "PassTurns": True, "TurnColor": ""},
        "ComponentTags": {"labels": [{"displayed": t, "normalized": t.lower()} for t in tags]},
        "DecalPallet": [], "SnapPoints": list(snap_points or []), "CustomUIAssets": [],
        "LuaScript": scripts["Global"], "LuaScriptState": "", "XmlUI": xml_ui,
        "ObjectStates": objects,
    }
