"""Text fitting, inline icons, fonts and the layout engine."""
import pytest
from PIL import Image, ImageDraw, features

from pipeline.render import fonts, text
from pipeline.render.icons import ICON_DIR

BODY = "进行一次:sanity:检定。4+：获得1点:knowledge:。0-3：受到1颗骰子的精神伤害。"


def test_layout_engine_is_raqm():
    """Which engine ran decides glyph forms; the build pins RAQM when present."""
    assert features.check("raqm"), "install libraqm0 + libfribidi0 (tools/install-system.sh)"
    assert fonts.layout_engine_name() == "raqm"
    font = fonts.get_font("zh-Hans", "regular", 20)
    assert font.layout_engine == fonts.layout_engine()


def test_fonts_are_region_faces_with_explicit_weight():
    sc = fonts.get_font("zh-Hans", "regular", 30)
    tc = fonts.get_font("zh-Hant", "regular", 30)
    assert sc.getname()[0] == "Noto Sans SC" and tc.getname()[0] == "Noto Sans TC"
    assert fonts.get_font("zh-Hans", "flavour", 30).getname()[0] == "Noto Serif SC"
    assert fonts.get_font("zh-Hant", "flavour", 30).getname()[0] == "Noto Serif TC"
    assert fonts.get_font("en", "flavour", 30).getname() [1] == "Italic"
    assert fonts.get_font("en", "title", 30).getname()[0].startswith("Source Serif 4")
    assert fonts.language("zh-Hant") == "zh-Hant" and fonts.language("en") == "en"
    # The variable font's default instance is Thin; the pinned regular must be darker.
    thin = fonts.get_font("zh-Hans", "regular", 30).font_variant()
    thin.set_variation_by_axes([100])

    def ink(f):
        img = Image.new("L", (80, 40))
        ImageDraw.Draw(img).text((0, 0), "鬼屋", font=f, fill=255)
        return sum(img.histogram()[i] * i for i in range(256))
    assert ink(sc) > 1.5 * ink(thin)


def test_shrinks_to_fit():
    big = text.fit(BODY, "body", 349, 400, "zh-Hans", "regular", fonts.sizes(22, 12), 1.4)
    small = text.fit(BODY, "body", 349, 50, "zh-Hans", "regular", fonts.sizes(22, 12), 1.4)
    assert big.size == 22
    assert 12 <= small.size < 22 and small.size in fonts.SCALE
    assert small.size + small.line_height * (len(small.lines) - 1) <= 50


def test_sizes_come_from_the_type_scale():
    assert fonts.sizes(22, 16) == [22, 20, 18, 16]
    assert fonts.sizes(22, 16, 2.0) == [44, 40, 36, 32]
    with pytest.raises(fonts.FontError):
        fonts.sizes(21, 16)


def test_overflow_reports_box_and_pixels():
    with pytest.raises(text.TextOverflow) as e:
        text.fit(BODY * 4, "body", 200, 40, "zh-Hans", "regular", fonts.sizes(20, 16), 1.4)
    assert e.value.box == "body" and e.value.px > 0
    assert str(e.value) == f"text overflows box 'body' by {e.value.px} px"


def test_inline_icon_drawn_on_baseline_in_text_colour():
    img = Image.new("RGBA", (200, 60), "white")
    laid = text.fit("力:might:", "t", 200, 60, "zh-Hans", "regular", [40], 1.2)
    icons = {"might": ICON_DIR / "muscle-up.svg"}
    text.draw(img, laid, 0, 0, 200, 60, "zh-Hans", "regular", "#ff0000", "left", "top", icons)
    px = img.convert("RGB").load()
    # The icon occupies the second em (x 40..90) in pure red, above the baseline.
    red = [(x, y) for x in range(40, 95) for y in range(60) if px[x, y] == (255, 0, 0)]
    assert len(red) > 200
    ys = [y for _, y in red]
    baseline = round(40 * text.ASCENT)
    assert min(ys) < baseline - 20 and max(ys) <= baseline + 40 * text.ICON_DROP + 1


def test_dash_is_measured_as_drawn():
    """issue 17 defect 4: "——" was measured narrow and drawn two ems wide.
    Every line's ink now ends where its measure says."""
    line = "或离开——无事发生——然后"
    laid = text.fit(line, "body", 400, 60, "zh-Hans", "body", [20], 1.4)
    img = Image.new("RGBA", (420, 60), "white")
    drawn = text.draw(img, laid, 0, 0, 400, 60, "zh-Hans", "body", "#000000", "left", "top", {})
    assert laid.lines[0].width == pytest.approx(20 * 13, abs=0.5)      # nine ideographs + 2 × 2 em
    assert drawn.ink[2] <= laid.pad + laid.lines[0].width + 1


def test_flavour_and_strong_are_drawn_in_their_own_faces():
    img = Image.new("RGBA", (400, 80), "white")
    laid = text.fit("**Weapon.** *Old cinders.*", "b", 400, 80, "en", "body", [20], 1.4)
    assert [a.style for a in laid.lines[0].atoms if a.kind == "word"] == ["strong", "flavour", "flavour"]
    drawn = text.draw(img, laid, 0, 0, 400, 80, "en", "body", "#000000", "left", "top", {},
                      {"flavour": "#553322"})
    assert drawn.colours == {"strong": "#000000", "flavour": "#553322"}


def test_english_quotes_are_proportional_in_the_cjk_face():
    """The SC face's quotes are full-width by default; English asks for pwid."""
    laid = text.fit("“a”", "b", 400, 60, "en", "body", [20], 1.4)
    assert laid.lines[0].width < 20 * 1.6
