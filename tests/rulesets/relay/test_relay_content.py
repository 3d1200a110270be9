"""relay's content kinds through the generic loader and `python -m pipeline
check`: its own kinds and step vocabulary, texts in zh-Hans and en with
zh-Hant converted through its glossary, its words catalog, and problems
named `file:line: field`."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from kit.words import LOCALES, catalog
from pipeline.content.errors import ContentError
from pipeline.content.loader import load_ruleset
from relay_helpers import FOLDER, REGISTRATION, ROOT, compiled
from tests.fixtures.rulesets.relay import INFO
from tests.fixtures.rulesets.relay.steps import STEPS


def _pipeline(*args: str, env_rulesets: str | None = REGISTRATION) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "HAUNTKIT_RULESETS"}
    if env_rulesets:
        env["HAUNTKIT_RULESETS"] = env_rulesets
    return subprocess.run([sys.executable, "-m", "pipeline", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_pipeline_check_passes_with_the_registration_only():
    ok = _pipeline("check", "relay")
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.strip() == "relay: ok (2 files, 20 cards)"
    stats = _pipeline("stats", "relay")
    assert stats.returncode == 0 and "targets: met" in stats.stdout, stats.stdout + stats.stderr
    unknown = _pipeline("check", "relay", env_rulesets=None)
    assert unknown.returncode == 1 and "unknown ruleset 'relay'" in unknown.stderr


def test_L_CARD_1_compiled_cards_carry_values_and_steps_in_one_shape():
    content = compiled()
    assert content["ruleset"] == "relay" and content["locales"] == list(LOCALES)
    assert set(content) >= {"cards", "settings", "content_hash"}
    assert content["settings"] == {"start_hand": 1, "accept_bonus": 1}
    cards = content["cards"]
    assert len(cards) == 20 and all(-9 <= c["value"] <= 9 for c in cards.values())
    for card in cards.values():
        for step in card["steps"]:
            assert set(step) == {"op", *STEPS[step["op"]]}
        assert card["text"] is not None or not card["steps"]
    # a bare word and a one-key map compile alike, defaults filled in
    assert cards["old_map"]["steps"] == cards["night_ticket"]["steps"] == [{"op": "draw", "count": 1}]


def test_texts_have_every_locale_zh_hant_through_the_glossary():
    cards = compiled()["cards"]
    for card in cards.values():
        assert set(card["title"]) == set(LOCALES)
    assert cards["candelabra"]["title"]["zh-Hant"] == "燭台"          # s2twp alone gives 燭臺
    assert cards["market_rat"]["title"]["zh-Hant"] == "市集老鼠"      # glossary: 集市 → 市集
    assert cards["brass_bell"]["text"]["zh-Hant"].startswith("搖響銅鈴")


def test_the_words_catalog_has_every_key_in_every_locale():
    words = catalog(INFO.folder)
    own = [k for k in words.entries if k.split(".")[0] in
           ("refuse", "narrate", "label", "ask", "card", "table", "lua", "colour")]
    assert len(own) > 40
    for key in own:
        assert set(words.raw(key)) == set(LOCALES), key
    assert words.raw("table.deck")["zh-Hant"] == "夜市牌堆"
    assert "protocol.UNDO-REVEALED" in words       # the shared catalog underneath


# (file, text, its replacement, the problem: its line after the edit)
BROKEN = [
    ("cards.yaml", "    steps: [again]\n", "    steps: [jump]\n",
     "cards.yaml:30: cards[5].steps[0]: unknown step 'jump' (expected one of draw, again)"),
    ("cards.yaml", "      - draw: {count: 1}\n", "      - draw: {count: 7}\n",
     "cards.yaml:37: cards[6].steps[0].draw.count: got 7 (expected an integer from 1 to 3)"),
    ("cards.yaml", "      - draw: {count: 1}\n", "      - draw: {many: 1}\n",
     "cards.yaml:37: cards[6].steps[0].draw.many: unknown field (expected one of count)"),
    ("cards.yaml", "    value: 6\n", "    value: 12\n",
     "cards.yaml:55: cards[10].value: got 12 (expected an integer from -9 to 9)"),
    ("cards.yaml", "    text: {zh-Hans: 凭票再抽一张牌。, en: Draw one more card.}\n", "",
     "cards.yaml:36: cards[6].steps: a card with steps needs a text saying what they do"),
    ("cards.yaml", "    title: {zh-Hans: 铜铃, en: Brass Bell}\n", "    title: {zh-Hans: 铜铃}\n",
     "cards.yaml:26: cards[5].title.en: missing required field"),
    ("cards.yaml", "    art: harp\n", "    art: harp\n    vaule: 3\n",
     "cards.yaml:61: cards[11].vaule: unknown field; did you mean 'value'?"),
    ("settings.yaml", "  start_hand: 1 ", "  start_hand: 4 ",
     "settings.yaml:3: settings.start_hand: got 4 (expected an integer from 0 to 3)"),
]


@pytest.mark.parametrize("file,old,new,expect", BROKEN, ids=[b[3].split(": ")[1] for b in BROKEN])
def test_a_broken_copy_is_named_by_file_line_and_field(tmp_path, file, old, new, expect):
    """Every problem names file:line: field; `check --content` prints it, writes nothing."""
    folder = tmp_path / "content"
    shutil.copytree(FOLDER / "content", folder)
    path = folder / file
    source = path.read_text(encoding="utf-8")
    assert old in source
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_ruleset("relay", folder, tmp_path)
    lines = [str(p) for p in info.value.problems]
    assert any(p.startswith("content/" + expect) for p in lines), lines
    result = _pipeline("check", "--root", str(tmp_path), "--content", f"relay={folder}")
    assert result.returncode == 1 and "content/" + expect in result.stderr, result.stderr
    assert not (tmp_path / "build").exists()


def test_L_SETUP_2_no_settings_file_is_one_clear_problem(tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(FOLDER / "content", folder)
    (folder / "settings.yaml").unlink()
    with pytest.raises(ContentError) as info:
        load_ruleset("relay", folder, tmp_path)
    assert [str(p) for p in info.value.problems] == [
        "content/cards.yaml:1: settings: no settings (expected a file with settings: "
        "{start_hand, accept_bonus}, e.g. content/settings.yaml)"]


def test_L_SETUP_2_a_deck_too_small_for_the_deal_is_refused(tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(FOLDER / "content", folder)
    cards = folder / "cards.yaml"
    source = cards.read_text(encoding="utf-8")
    cards.write_text(source[:source.index("  - id: pocket_watch")], encoding="utf-8")   # four cards
    with pytest.raises(ContentError) as info:
        load_ruleset("relay", folder, tmp_path)
    assert [str(p) for p in info.value.problems] == [
        "content/settings.yaml:3: settings.start_hand: 4 card(s) cannot deal 1 to 4 seats and leave "
        "one to draw (expected at least 5 cards, L-SETUP-2)"]
