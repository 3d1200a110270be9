"""The house table in TTS (`TABLE`, read by `pipeline.tts.stage`): the plan
(GUIDs, CardIDs, positions), the save's objects per locale, the section the
server reads to place pieces, and the Lua modules and object roles the save
bundles."""
from __future__ import annotations

from pathlib import Path

from kit.words import catalog

from .. import INFO
from . import layout
from .plan import Plan, make_plan, tts_section
from .save import build_save
from .terms import term

LUA_DIR = Path(__file__).resolve().parents[1] / "lua"



def _board_px(manifest: dict, assets_dir: Path) -> dict[str, tuple[int, int]]:
    from PIL import Image
    out = {}
    for data in manifest["locales"].values():
        for cid, entry in data.get("characters", {}).items():
            path = assets_dir / entry["sides"][0]
            if cid not in out and path.is_file():
                with Image.open(path) as img:
                    out[cid] = img.size
    return out


class HouseTable:
    # What each role's objects report (objects/wire.lua): a die also its hand rolls.
    object_roles = {"room": ("drop", "pickup"), "board": ("drop", "pickup"), "figure": ("drop", "pickup"),
                    "die": ("drop", "pickup", "roll")}
    lua_dir = LUA_DIR
    surface = layout.TABLE

    def plan(self, content: dict, manifest: dict, assets_dir: Path) -> Plan:
        return make_plan(content, manifest, _board_px(manifest, assets_dir))

    def section(self, plan: Plan, mod_version: str) -> dict:
        return tts_section(plan, mod_version)

    def save(self, plan: Plan, content: dict, manifest: dict, locale: str, url, scripts: dict,
             xml: str, mod_version: str) -> dict:
        # Drawn by the render stage and listed in its manifest, like every image.
        plan.track["image"] = manifest["locales"][locale]["extras"]["track"]
        return build_save(plan, content, manifest, locale, url, scripts, xml, mod_version)

    def title(self, locale: str) -> str:
        return term("game_mode", locale)

    def workshop_description(self, content: dict, locale: str, version: str) -> str:
        return catalog(INFO.folder).get("workshop.description", locale).format(
            game=term("game_mode", locale), rooms=len(content["rooms"]), events=len(content["events"]),
            items=len(content["items"]), omens=len(content["omens"]), chars=len(content["characters"]),
            version=version)

    def preview_marks(self) -> list[tuple[float, float]]:
        """Points the top-down preview marks: each floor's grid origin."""
        return [(x, z) for x, _, z in layout.FLOOR_ORIGINS.values()]


TABLE = HouseTable()
