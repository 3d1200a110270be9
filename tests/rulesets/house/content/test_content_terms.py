"""Trait and floor names come from one place, the ruleset's terms file:
renaming one there renames it in the engine's prompts, the server's chat
lines (and action labels, which name traits the same way) and the TTS
save's labels."""
from __future__ import annotations

import shutil
from pathlib import Path

from pipeline.content.compile import compile_ruleset
from pipeline.content.loader import load_ruleset
from kit.present import TableView
from kit.words import catalog
from rulesets.house import INFO, present
from rulesets.house.present.names import Namer
from rulesets.house.tts.terms import term

BASE = Path(__file__).parent / "fixtures" / "base"


def _renamed(tmp_path: Path) -> dict:
    root = tmp_path / "tree"
    shutil.copytree(BASE, root)
    path = root / "content" / "terms.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "might: {zh-Hans: 力量, en: Might}", "might: {zh-Hans: 蛮力, zh-Hant: 蠻力, en: Brawn}"), encoding="utf-8")
    return compile_ruleset(load_ruleset("house", root / "content", root), root)


def test_a_renamed_trait_reaches_every_layer(tmp_path):
    content = _renamed(tmp_path)
    assert content["terms"]["might"] == {"zh-Hans": "蛮力", "zh-Hant": "蠻力", "en": "Brawn"}
    words = catalog(INFO.folder)
    # the table's prompt buttons
    assert Namer(content, {}, words).option("might") == {"zh-Hans": "蛮力", "zh-Hant": "蠻力", "en": "Brawn"}
    # the server's chat line
    shown = present.answer([{"type": "trait_changed", "seat": "Red", "trait": "might", "value": 3, "index": 2,
                             "visible_to": None}], TableView.fixed({"players": {}}, content, words), 1)
    (line,) = shown["messages"]
    assert line["en"] == "Red's Brawn is now 3." and "蛮力" in line["zh-Hans"]
    # the save's trait clips and floor labels
    assert term("might", "zh-Hant", content["terms"]) == "蠻力"
    assert term("upper", "zh-Hant", content["terms"]) == "二樓"
