"""The Chinese/Latin line breaker (W3C clreq: kinsoku both ways, punctuation
compression, unbreakable marks, number/unit, no one-character last line).

Widths in these cases: a wide character or an icon counts 2, any other
character 1 (see `break_text`'s default measure).
"""
import pytest

from pipeline.render.linebreak import NO_END, NO_START, TOKEN_RE, break_text, tokenize

CASES = [
    # (text, width, expected lines)
    ("一二三四五六", 6, ["一二三", "四五六"]),
    # a comma may not start a line: the character before it comes down with it
    ("一二三，四五六七", 6, ["一二", "三，四", "五六七"]),
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
    ("Make a roll at once", 7, ["Make a", "roll at", "once"]),
    # Latin punctuation after a word stays with it
    ("gain a point.", 6, ["gain a", "point."]),
    # an icon token is one unit, and a stop after it is not orphaned
    ("获得:knowledge:和:might:。", 8, ["获得:knowledge:", "和:might:。"]),
    ("Make a :sanity: roll now.", 9, ["Make a :sanity:", "roll now."]),
    ("Make a :sanity: roll.", 8, ["Make a", ":sanity: roll."]),
    # explicit newline starts a paragraph
    ("甲乙\n丙丁", 10, ["甲乙", "丙丁"]),
    # digits and ASCII colon stay together with the rule text after them
    ("4+：获得", 5, ["4+：", "获得"]),
    # a number stays with its unit and the icon after it (no "1点 / :sanity:")
    ("失去1点:sanity:然后", 8, ["失去", "1点:sanity:", "然后"]),
    ("掷2:die:", 4, ["掷", "2:die:"]),
    # a number stays with the word after it: no "take 2 / mental damage"
    ("take 2 mental damage", 7, ["take", "2 mental", "damage"]),
    # a roll range stays with its outcome
    ("lose 1. 0–4: nothing happens", 13, ["lose 1.", "0–4: nothing", "happens"]),
    # "——" is one two-em unit and may not start a line (clreq strict)
    ("甲乙——丙丁", 6, ["甲", "乙——", "丙丁"]),
    # a short quotation stays on one line
    ("你得到“伙伴”了吗", 8, ["你得到", "“伙伴”", "了吗"]),
    # no one-character last line, no one-word last line
    ("一二三四五六七八九", 8, ["一二三", "四五六", "七八九"]),
    ("Make a roll now.", 11, ["Make a", "roll now."]),
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


def test_adjacent_marks_are_compressed_and_a_closing_mark_hangs_its_blank():
    """clreq punctuation width adjustment: "：“好”）；。”" is set with each
    blank half facing another mark removed, and the last mark's blank too."""
    from pipeline.render.linebreak import CountMetrics, place
    line = place(tokenize("：“好”）；。”"), CountMetrics(), 40, False)
    assert line.xs == [0, 1, 3, 5, 6, 7, 8, 9]
    assert line.width == 10          # 16 without compression


def test_push_in_before_push_out():
    """A full stop that fits once its blank half is dropped stays on the line."""
    assert break_text("一二三。四五六", 7) == ["一二三。", "四五六"]


def test_cjk_lines_are_justified_to_the_box_but_not_the_last():
    from pipeline.render.linebreak import CountMetrics, layout
    lines = layout(tokenize("一二三，四五六七八九十"), 9, CountMetrics(), justify=True)
    assert [l.text for l in lines] == ["一二三，", "四五六七", "八九十"]
    for l in lines[:-1]:
        assert l.xs[-1] + CountMetrics().width(l.atoms[-1]) - (1 if l.atoms[-1].text == "，" else 0) \
            == pytest.approx(9)
    assert lines[-1].xs == [0, 2, 4]


def test_balanced_title_lines():
    assert break_text("The Whispering Old Wallpaper", 24, cjk=False, balance=True) == \
        ["The Whispering", "Old Wallpaper"]


def test_icon_label_is_part_of_the_icon():
    """An icon is drawn with its trait name beside it and never split from it."""
    atoms = tokenize("获得:might:。", labels={"might": "力量"})
    assert [(a.kind, a.label) for a in atoms] == [("char", ""), ("char", ""), ("icon", "力量"), ("char", "")]
    assert break_text("获得:might:。", 8, labels={"might": "力量"}) == ["获得", ":might:。"]


def test_markup_styles_reach_the_atoms():
    atoms = tokenize("**武器。**用*风*", cjk=True)
    assert [(a.text, a.style) for a in atoms] == [("武", "strong"), ("器", "strong"), ("。", "strong"),
                                                   ("用", "body"), ("风", "flavour")]
    words = tokenize("**Weapon.** Use", cjk=False)
    assert [(a.text, a.style) for a in words if a.kind == "word"] == [("Weapon.", "strong"), ("Use", "body")]
