"""The checks every rendered face passes (issue 17), on made-up cases so
each check is seen to fail: text contrast ≥ 4.5:1 (WCAG AA), no ink outside
its box, the clreq and Latin line rules. The house's real faces are checked
in tests/rulesets/house/render/test_render_faces.py."""
from __future__ import annotations

import pytest
from PIL import Image

from pipeline.render import checks


# -- the checks themselves ----------------------------------------------------
def test_wcag_contrast_ratio():
    assert checks.ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert checks.ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert checks.readable((250, 250, 250), ["#ffffff", "#222222"]) == "#222222"


def test_legible_fill_keeps_the_colour_but_makes_digits_readable():
    """issue 17 defect 1: white start digits on a white figure were 1.15:1."""
    for colour in ("#f5f5f5", "#e1a21a", "#2e8b57", "#c0392b"):
        fill = checks.legible_fill(colour, ["#231f1c", "#ffffff"])
        best = max(checks.ratio(checks.rgb(i), checks.rgb(fill)) for i in ("#231f1c", "#ffffff"))
        assert best >= checks.AA


def test_ink_contrast_reads_the_background_under_the_ink():
    bg = Image.new("RGB", (40, 20), "#ffffff")
    bg.paste((40, 40, 40), (20, 0, 40, 20))          # right half dark
    mask = Image.new("L", (40, 20), 0)
    mask.paste(255, (24, 5, 36, 15))                  # ink over the dark half only
    assert checks.ink_contrast(bg, mask, "#303030") < 1.5
    assert checks.ink_contrast(bg, mask, "#ffffff") > 10


@pytest.mark.parametrize("paragraph,cjk,problem", [
    (["一二三", "，四五六"], True, "line starts with '，'"),
    (["一二三“", "四五六"], True, "line ends with '“'"),
    (["受到1", "点伤害了"], True, "number split from its unit"),
    (["失去1点", ":sanity:然后"], True, "number and unit split from the icon"),
    (["一二三四", "五。"], True, "one-character last line"),
    (["then take 2", "mental damage"], False, "number split from its word"),
    (["Make a roll and", "lose."], False, "one-word last line"),
])
def test_line_rules_catch_bad_lines(paragraph, cjk, problem):
    found = checks.line_problems([paragraph], cjk)
    assert any(problem in p for p in found), found


def test_good_lines_pass():
    assert checks.line_problems([["进行一次:sanity:检定。", "获得1点:knowledge:。"]], True) == []
    assert checks.line_problems([["Make a :sanity: roll.", "Take 2 mental damage."]], False) == []


def test_problems_name_the_file_and_the_box():
    report = {"file": "x.png", "where": "cards/x.yaml:3: x", "kind": "face", "key": ["face", "event", "x"],
              "locale": "en", "art": [],
              "boxes": [{"name": "body", "box": [0, 0, 10, 10], "ink": [0, 0, 12, 10], "contrast": {"body": 3.0},
                         "paragraphs": [["one"]], "cjk": False, "size": 20, "scale_size": 20}]}
    found, figures = checks.problems([report])
    assert any("x.png (cards/x.yaml:3: x): box body: body text contrast 3.0:1" in p for p in found)
    assert any("outside the box" in p for p in found)
    assert figures["min_contrast"] == 3.0
