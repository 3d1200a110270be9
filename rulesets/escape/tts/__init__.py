"""Escape's table in TTS (`TABLE`, read by `pipeline.tts.stage`): the plan
(GUIDs, CardIDs, positions), one save per locale, the section the server
and the presenter read, and the Lua and object roles the save bundles."""
from __future__ import annotations

from pathlib import Path

from .. import INFO
from . import layout
from .plan import Plan, make_plan, section
from .save import build_save, text


class EscapeTable:
    # The column's tokens ("pawns": the shared Lua's tokens are the ones the
    # server spawns) report drops, a swap asked for by dragging one to
    # another slot; the die its rolls by hand (a roll for an infected token)
    # and drops (after which it shows the server's face again).
    object_roles = {"pawn": ("drop", "pickup"), "die": ("drop", "roll")}
    lua_dir = INFO.lua_dir

    def plan(self, content: dict, manifest: dict, assets_dir: Path) -> Plan:
        return make_plan(content, manifest)

    def section(self, plan: Plan, mod_version: str) -> dict:
        return section(plan, mod_version)

    def save(self, plan: Plan, content: dict, manifest: dict, locale: str, url, scripts: dict, xml_ui: str,
             mod_version: str) -> dict:
        return build_save(plan, content, manifest, locale, url, scripts, xml_ui, mod_version)

    def title(self, locale: str) -> str:
        return text("render.game_title", locale)

    def workshop_description(self, content: dict, locale: str, version: str) -> str:
        return text("table.description", locale, game=self.title(locale), items=len(content["items"]),
                    explore=len(content["explore"]), infected=len(content["infected"]),
                    characters=len(content["characters"]), version=version)

    def preview_marks(self) -> list[tuple[float, float]]:
        """Points the top-down preview marks: the ends of the column and the decks."""
        col = layout.column_places()
        ends = [layout.at((0.0, 0.0), col[k]) for k in ("front", "end")]
        return [(x, z) for x, _, z in ends] + list(layout.DECKS.values())


TABLE = EscapeTable()
