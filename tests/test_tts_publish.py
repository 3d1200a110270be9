"""install-save, the Workshop build, and the tts section's byte-stable write."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from pipeline.tts import install, section, workshop
from pipeline.tts.stage import StageError, build
from pipeline.tts.urls import BaseUrlError
from tests.tts_fake.fixture import make_build

ROOT = Path(__file__).resolve().parents[1]


def test_saves_folder_per_platform(tmp_path):
    home = tmp_path
    assert install.saves_folder("Linux", home, env={}) == home / ".local/share/Tabletop Simulator/Saves"
    assert install.saves_folder("Darwin", home, env={}) == home / "Library/Tabletop Simulator/Saves"
    assert install.saves_folder("Windows", home, env={"USERPROFILE": str(home / "u")}) == \
        home / "u/Documents/My Games/Tabletop Simulator/Saves"
    assert install.saves_folder("Linux", home, env={"TTS_SAVES": str(home / "x")}) == home / "x"
    with pytest.raises(install.InstallError, match="TTS_SAVES"):
        install.saves_folder("Plan9", home, env={})


def test_install_copies_saves_and_thumbnails(tmp_path):
    build_dir = tmp_path / "build"
    make_build(build_dir)
    build("house", ROOT, build_dir, base_url="")
    dest = tmp_path / "Saves"
    files = install.install(build_dir / "tts", dest)
    names = sorted(f.name for f in files)
    assert names == sorted(["house.en.json", "house.zh-Hans.json", "house.zh-Hant.json",
                            "house.en.png", "house.zh-Hans.png", "house.zh-Hant.png"])
    assert (dest / "hauntkit" / "house.en.json").read_bytes() == (build_dir / "tts" / "house.en.json").read_bytes()


def test_install_without_a_build_says_so(tmp_path):
    with pytest.raises(install.InstallError, match="make build"):
        install.install(tmp_path / "nothing", tmp_path / "Saves")


def test_workshop_build_uses_the_public_host_only(tmp_path):
    build_dir = tmp_path / "build"
    make_build(build_dir)
    files = workshop.build("house", ROOT, build_dir, "https://assets.example.net/hk")
    saves = [f for f in files if f.suffix == ".json"]
    assert len(saves) == 3
    for save in saves:
        text = save.read_text(encoding="utf-8")
        assert "file://" not in text and "https://assets.example.net/hk/" in text
        with Image.open(save.with_suffix(".png")) as img:
            assert img.size[0] == img.size[1] == workshop.THUMB_PX
    desc = (build_dir / "workshop" / "house.zh-Hant.workshop.txt").read_text(encoding="utf-8")
    assert "8 個房間板塊" in desc and "版本：0.1.0+" in desc
    with pytest.raises(BaseUrlError):
        workshop.build("house", ROOT, build_dir, "file:///srv/assets")


def test_tts_section_keeps_the_content_stage_formatting(tmp_path):
    """The compiled content is written with indent=1 and sorted keys; adding
    the section must leave every other byte as it was."""
    doc = {"ruleset": "house", "rooms": {"a": {"name": {"en": "Ä"}}}, "zeta": [1, 2]}
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, indent=1) + "\n"
    out = section.render(text, {"format": 1})
    assert out == json.dumps({**doc, "tts": {"format": 1}}, sort_keys=True,
                             ensure_ascii=False, indent=1) + "\n"
    assert section.render(out, {"format": 1}) == out
    unsorted = json.dumps({"b": 1, "a": 2}, indent=2) + "\n"
    assert section.render(unsorted, {"x": 1}).startswith('{\n  "b": 1,\n  "a": 2,\n  "tts"')


def test_preview_draws_every_save(tmp_path):
    from pipeline.tts import preview
    build_dir = tmp_path / "build"
    make_build(build_dir)
    build("house", ROOT, build_dir, base_url="")
    assert preview.main([str(build_dir / "tts")]) == 0
    shots = sorted((build_dir / "tts" / "preview").glob("*.png"))
    assert [p.name for p in shots] == ["house.en.png", "house.zh-Hans.png", "house.zh-Hant.png"]
    with Image.open(shots[0]) as img:
        assert img.size == (int(72 * preview.PX), int(62 * preview.PX))
        assert len(set(img.get_flattened_data())) > 3          # something was drawn
    assert preview.main([str(tmp_path / "none")]) == 1
