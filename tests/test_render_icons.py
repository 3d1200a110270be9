"""Every content entry names an icon that is vendored in art/icons/, and the
vendoring script copies exactly the icons named."""
import json
import subprocess
import sys
from pathlib import Path

from pipeline.content.loader import load_ruleset
from pipeline.render import layouts
from pipeline.render.icons import icon_exists, icon_image

ROOT = Path(__file__).resolve().parents[1]


def test_every_house_entry_names_a_vendored_icon():
    rs = load_ruleset("house")
    named = {f"{kind} {o.id}": o.art for kind, objs in (
        ("room", rs.rooms), ("event", rs.events), ("item", rs.items), ("omen", rs.omens),
        ("character", rs.characters), ("haunt", rs.haunts)) for o in objs.values()}
    assert all(named.values()), "every entry names an icon"
    missing = {k: v for k, v in named.items() if not icon_exists(v)}
    assert missing == {}
    for name in layouts.load("symbols", "house").values():
        assert icon_exists(name), name
    assert "CC BY 3.0" in (ROOT / "art/icons/LICENSE.txt").read_text()


def test_icon_rasterizes_in_requested_colour():
    img = icon_image(ROOT / "art/icons/skull-crossed-bones.svg", 64, "#123456")
    assert img.size == (64, 64)
    opaque = [p for p in img.get_flattened_data() if p[3] == 255]
    assert len(opaque) > 500 and {p[:3] for p in opaque} == {(0x12, 0x34, 0x56)}


def _tree(tmp_path: Path, art: str) -> Path:
    (tmp_path / "rulesets/x/content").mkdir(parents=True)
    (tmp_path / "layouts").mkdir()
    (tmp_path / "rulesets/x/content/events.yaml").write_text(f"events:\n  - id: a\n    art: {art}\n")
    (tmp_path / "layouts/symbols.yaml").write_text("die: dice\n")
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    body = '<path fill="currentColor" d="M0 0h512v512H0z"/>'
    (pkg / "icons.json").write_text(json.dumps(
        {"prefix": "game-icons", "width": 512, "height": 512,
         "icons": {"dice": {"body": body}, "ghost": {"body": body}, "unused": {"body": body}}}))
    (pkg / "package.json").write_text('{"version": "9.9.9"}')
    return pkg / "icons.json"


def _vendor(tmp_path: Path, icons_json: Path):
    return subprocess.run([sys.executable, str(ROOT / "tools/vendor_icons.py"), "--root", str(tmp_path),
                           "--icons-json", str(icons_json)], capture_output=True, text=True)


def test_vendor_script_copies_only_named_icons(tmp_path):
    r = _vendor(tmp_path, _tree(tmp_path, "ghost"))
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "art/icons").iterdir()) == ["LICENSE.txt", "dice.svg", "ghost.svg"]
    svg = (tmp_path / "art/icons/ghost.svg").read_text()
    assert svg.startswith("<svg") and "currentColor" not in svg
    assert "9.9.9" in (tmp_path / "art/icons/LICENSE.txt").read_text()


def test_vendor_script_refuses_unknown_name_and_writes_nothing(tmp_path):
    r = _vendor(tmp_path, _tree(tmp_path, "no-such-icon"))
    assert r.returncode == 1
    assert "rulesets/x/content/events.yaml: art: no icon named 'no-such-icon'" in r.stderr
    assert not (tmp_path / "art").exists()
