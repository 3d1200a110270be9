"""English smart typography where texts are compiled (issue 17 defect 7):
the cards, the rules server and the saves all read the compiled text."""
import pytest

from pipeline.content import smart
from pipeline.content.errors import Sink
from pipeline.content.fields import At
from pipeline.content.texts import check_text


@pytest.mark.parametrize("raw,typeset", [
    ("0-3: take 1 die of damage.", "0–3: take 1 die of damage."),
    ("5+: gain 1. 2-4: lose 1.", "5+: gain 1. 2–4: lose 1."),
    ('"Run," she said.', "“Run,” she said."),
    ("It's Rosa's lamp.", "It’s Rosa’s lamp."),
    ("*\"Who's there?\"*", "*“Who’s there?”*"),
    ("Wait...", "Wait…"),
    ("half-burnt cinders", "half-burnt cinders"),      # a hyphenated word stays hyphenated
])
def test_english_typography(raw, typeset):
    assert smart.english(raw) == typeset


def test_compiled_texts_get_it_and_chinese_is_left_alone():
    sink = Sink()
    out = check_text(At(sink, "cards/x.yaml", "text", 1),
                     {"zh-Hans": "0-3：受到伤害。", "en": "0-3: it's \"bad\"."})
    assert sink.problems == []
    assert out["en"] == "0–3: it’s “bad”."
    assert out["zh-Hans"] == "0-3：受到伤害。"


def test_unbalanced_style_marks_are_a_content_error():
    sink = Sink()
    assert check_text(At(sink, "cards/x.yaml", "text", 4), {"zh-Hans": "**武器", "en": "Weapon"}) is None
    assert any("unclosed **" in str(p) and p.line == 4 for p in sink.problems), sink.problems
