"""Print-and-play PDF: 63 × 88 mm cards, 3 mm bleed, crop marks, a guide
page, backs for short-edge duplex, stable bytes (issue 17 defect 3)."""
import re
from pathlib import Path

import pytest
from PIL import Image

from pipeline.render import pnp
from rulesets.house import render as house_render
import sample_content as sample

ROOT = Path(__file__).resolve().parents[4]


def test_bleed_extends_edges_by_3mm():
    img = Image.new("RGB", (630, 880), "red")
    img.paste(Image.new("RGB", (630, 1), "blue"), (0, 0))  # top edge row
    out = pnp.with_bleed(img, 63.0)
    b = 30  # 3 mm of 63 mm at 10 px/mm
    assert out.size == (630 + 2 * b, 880 + 2 * b)
    assert out.getpixel((b + 5, 0)) == (0, 0, 255)         # top bleed repeats the top row
    assert out.getpixel((0, out.height // 2)) == (255, 0, 0)


@pytest.mark.parametrize("kind,grid", [(pnp.CARD, (4, 2)), (house_render.TILE, (3, 2)), (house_render.BOARD, (2, 2))])
def test_page_grids_fit_a4_and_leave_room_for_crop_marks(kind, grid):
    assert kind.grid == grid
    x0, y0 = kind.origin()
    assert x0 >= pnp.MIN_MARGIN_MM and y0 >= pnp.MIN_MARGIN_MM
    assert pnp.CARD.trim_mm == (63.0, 88.0)


def test_pdf_per_locale_pages_and_stable_bytes(tmp_path):
    rs = sample.ruleset(n_events=9, n_items=1, n_omens=1)
    paths = pnp.build_pnp(rs, ROOT, tmp_path, locales=("zh-Hans", "en"), progress=False)
    assert [p.name for p in paths] == ["house.zh-Hans.pdf", "house.en.pdf"]
    data = paths[0].read_bytes()
    assert data.startswith(b"%PDF")
    # the guide; events: 9 cards = 2 face pages + 2 back pages; items, omens,
    # the 3 rooms and the one character: 1 + 1 each
    assert len(re.findall(rb"/Type /Page\b", data)) == 1 + 4 + 2 + 2 + 2 + 2
    # A4 landscape in points
    assert re.search(rb"/MediaBox ?\[0 0 841.89 595.28\]", data)
    # the trailer /ID is a pair of hex strings (strict readers reject anything else)
    assert re.search(rb"/ID \[<[0-9a-f]{32}><[0-9a-f]{32}>\]", data)
    again = pnp.build_pnp(rs, ROOT, tmp_path / "again", locales=("zh-Hans",), progress=False)
    assert again[0].read_bytes() == data


class _RecordingPdf:
    def __init__(self):
        self.images, self.pages = [], 0

    def add_page(self):
        self.pages += 1

    def image(self, path, x, y, w, h):
        self.images.append((path, round(x, 2), round(y, 2)))

    def set_line_width(self, w):
        pass

    def line(self, *a):
        pass


def test_card_images_keep_the_63_by_88_shape():
    """The face is not stretched into its cell: 409 × 571 px is 63:88."""
    from pipeline.render.stage import CARD_PX
    face = Image.new("RGB", (CARD_PX[0] * 2, CARD_PX[1] * 2))
    bled = pnp.with_bleed(face, pnp.CARD.trim_mm[0])
    cw, ch = pnp.CARD.cell_mm
    assert abs(bled.width / bled.height - cw / ch) < 0.002


def test_backs_line_up_when_the_sheet_flips_over_its_short_edge():
    """A landscape A4 sheet turned over its short edge maps x to 297 - x and
    keeps y: each back must sit exactly behind its front."""
    pdf = _RecordingPdf()
    fronts = [Path(f"f{i}") for i in range(3)]
    backs = [Path(f"b{i}") for i in range(3)]
    pnp._pages(pdf, pnp.CARD, list(zip(fronts, backs)))
    assert pdf.pages == 2
    pos = {p: (x, y) for p, x, y in pdf.images}
    cw = pnp.CARD.cell_mm[0]
    x0, _ = pnp.CARD.origin()
    cols = pnp.CARD.grid[0]
    for i in range(3):
        assert pos[f"f{i}"][0] == round(x0 + i * cw, 2)
        front_centre = pos[f"f{i}"][0] + cw / 2
        back_centre = pos[f"b{i}"][0] + cw / 2
        assert back_centre == pytest.approx(pnp.PAGE_MM[0] - front_centre, abs=0.02)
        assert pos[f"b{i}"][1] == pos[f"f{i}"][1]


def test_printing_advice_says_short_edge():
    from kit.words import catalog
    from rulesets.house import INFO
    labels = catalog(INFO.folder).tree("render")
    assert "short edge" in labels["pnp_guide"]["en"] and "短边翻转" in labels["pnp_guide"]["zh-Hans"]
    assert "long edge" not in labels["pnp_guide"]["en"]
    assert "short edge" in pnp.__doc__ and "long-edge" not in pnp.__doc__
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "long-edge" not in readme.lower() and "long edge" not in readme.lower()
