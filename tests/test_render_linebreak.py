"""The Chinese/Latin line breaker (W3C clreq basic prohibition rules).

Widths in these cases: a wide character or an icon counts 2, any other
character 1 (see `break_text`'s default measure).
"""
import pytest

from pipeline.render.linebreak import NO_END, NO_START, TOKEN_RE, break_text, tokenize

CASES = [
    # (text, width, expected lines)
    ("一二三四五六", 6, ["一二三", "四五六"]),
    # a comma may not start a line: the character before it comes down with it
    ("一二三，四五", 6, ["一二", "三，四", "五"]),
    # full stop likewise
    ("甲乙丙。丁", 6, ["甲乙", "丙。丁"]),
    # closing book-title mark and closing corner bracket
    ("读《鬼屋》了", 8, ["读《鬼", "屋》了"]),
    ("他说「好」。", 8, ["他说", "「好」。"]),
    # opening bracket may not end a line: it goes down with what follows
    ("一二三（四）", 8, ["一二三", "（四）"]),
    ("一二三「四」", 8, ["一二三", "「四」"]),
    # Latin words stay whole in mixed text
    ("获得Knowledge点", 12, ["获得", "Knowledge点"]),
    ("Make a roll now", 7, ["Make a", "roll", "now"]),
    # Latin punctuation after a word stays with it
    ("gain 1 point.", 6, ["gain 1", "point."]),
    # an icon token is one unit, and a stop after it is not orphaned
    ("获得1点:knowledge:。", 8, ["获得1点", ":knowledge:。"]),
    ("Make a :sanity: roll.", 9, ["Make a :sanity:", "roll."]),
    ("Make a :sanity: roll.", 8, ["Make a", ":sanity: roll."]),
    # explicit newline starts a paragraph
    ("甲乙\n丙丁", 10, ["甲乙", "丙丁"]),
    # digits and ASCII colon stay together with the rule text after them
    ("4+：获得", 5, ["4+：", "获得"]),
    # a word longer than the line is left whole (the fitter will shrink it)
    ("Supercalifragilistic", 5, ["Supercalifragilistic"]),
]


@pytest.mark.parametrize("text,width,expected", CASES)
def test_break_table(text, width, expected):
    assert break_text(text, width) == expected


@pytest.mark.parametrize("text", [
    "进行一次:sanity:检定。4+：获得1点:knowledge:。0-3：受到1颗骰子的精神伤害。",
    "他说：「你好」，然后走了。《鬼屋》（第二版）很好玩！真的吗？是的；当然、绝对。",
    "回合结束时若在此处，受到1点物理伤害。若你持有“绳索”，可以忽略此效果。",
])
@pytest.mark.parametrize("width", range(4, 30, 3))
def test_no_line_starts_with_closing_or_ends_with_opening(text, width):
    lines = [TOKEN_RE.sub("■", l) for l in break_text(text, width)]
    assert "".join(lines) == TOKEN_RE.sub("■", text).replace(" ", "")
    for i, line in enumerate(lines):
        if i > 0:
            assert line[0] not in NO_START, lines
        if i < len(lines) - 1:
            assert line[-1] not in NO_END, lines


def test_tokenize_kinds():
    kinds = [(a.kind, a.text) for a in tokenize("掷:die: roll, 好")]
    assert kinds == [("char", "掷"), ("icon", "die"), ("space", " "), ("word", "roll,"),
                     ("space", " "), ("char", "好")]
