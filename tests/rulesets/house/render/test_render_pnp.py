"""Print-and-play PDF: 63 × 88 mm cards, 3 mm bleed, crop marks, stable bytes."""
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


@pytest.mark.parametrize("kind,grid", [(pnp.CARD, (4, 2)), (house_render.TILE, (4, 3)), (house_render.BOARD, (2, 2))])
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
    # events: 9 cards = 2 face pages + 2 back pages; items, omens, the 3 rooms
    # and the one character: 1 + 1 each
    assert len(re.findall(rb"/Type /Page\b", data)) == 4 + 2 + 2 + 2 + 2
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


def test_backs_page_mirrors_columns_for_long_edge_duplex():
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
        assert pos[f"b{i}"][0] == round(x0 + (cols - 1 - i) * cw, 2)   # same sheet spot after a flip
        assert pos[f"b{i}"][1] == pos[f"f{i}"][1]
