"""Word catalogs (kit/words.py): the shared one plus a ruleset's, zh-Hant
converted unless written, placeholders filled per locale."""
from __future__ import annotations

from kit.words import LOCALES, Catalog, catalog


def test_a_field_given_per_locale_fills_each_locale_with_its_own():
    words = Catalog({"hello": {"zh-Hans": "你好，{name}", "zh-Hant": "你好，{name}", "en": "Hello, {name}"}})
    name = {"zh-Hans": "林伟", "zh-Hant": "林偉", "en": "Lin Wei"}
    assert words.text("hello", name=name) == {"zh-Hans": "你好，林伟", "zh-Hant": "你好，林偉", "en": "Hello, Lin Wei"}
    assert words.text("hello", name="Red")["en"] == "Hello, Red"


def test_the_shared_catalog_converts_zh_hant_unless_written_and_has_every_locale():
    shared = catalog()
    for key in shared.entries:
        assert set(shared.raw(key)) == set(LOCALES), key
    assert shared.text("protocol.AUTH-MISSING")["zh-Hant"] == "缺少牌桌權杖。"      # converted with the glossary


def test_a_rulesets_words_add_to_the_shared_ones():
    from rulesets import info
    house = catalog(info("house").folder)
    assert "protocol.NOT-FOUND" in house and "narrate.card_drawn" in house
    assert "narrate.card_drawn" not in catalog()
