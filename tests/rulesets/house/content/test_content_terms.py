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


def test_a_name_placeholder_in_a_card_text_follows_the_terms_everywhere(tmp_path):
    """`{upper}` in a card text is the upper floor's term in each locale: in
    the loaded ruleset the renderer draws from, in the compiled content the
    server and the save read (and in the save's plain tooltip text), so a
    renamed floor is renamed on the cards too."""
    from rulesets.house.tts.save import plain

    root = tmp_path / "tree"
    shutil.copytree(BASE, root)
    events = root / "content" / "events.yaml"
    events.write_text(events.read_text(encoding="utf-8").replace(
        "zh-Hans: 你可以立刻移动到楼上平台。", "zh-Hans: 你可以立刻移动到{upper}：:sanity:不变。").replace(
        "en: You may move to the Upper Landing at once.", 'en: "You may go up to the {upper} at once."'),
        encoding="utf-8")
    terms = root / "content" / "terms.yaml"
    terms.write_text(terms.read_text(encoding="utf-8").replace(
        "upper: {zh-Hans: 上层, zh-Hant: 二樓, en: Upper floor}", "upper: {zh-Hans: 阁楼层, zh-Hant: 閣樓層, en: Loft}"),
        encoding="utf-8")
    rs = load_ruleset("house", root / "content", root)
    want = {"zh-Hans": "你可以立刻移动到阁楼层：:sanity:不变。", "zh-Hant": "你可以立刻移動到閣樓層：:sanity:不變。",
            "en": "You may go up to the Loft at once."}
    assert rs.events["secret_stair"].text == want                       # what the renderer draws
    content = compile_ruleset(rs, root)
    assert content["events"]["secret_stair"]["text"] == want            # what the server and the save read
    assert plain(want["zh-Hant"], "zh-Hant", content["terms"]) == "你可以立刻移動到閣樓層：[精神]不變。"

