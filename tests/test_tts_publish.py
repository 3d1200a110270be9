"""install-save, the Workshop build, and the tts section's byte-stable write."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from pipeline.tts import install, workshop
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


def test_the_table_section_is_its_own_file_and_the_content_stays_as_compiled(tmp_path):
    """The save build writes content ids → TTS objects beside the compiled
    content, without rewriting the content file."""
    from server.content import load_compiled
    build_dir = tmp_path / "build"
    make_build(build_dir)
    content = (build_dir / "content" / "house.json").read_bytes()
    build("house", ROOT, build_dir, base_url="")
    assert (build_dir / "content" / "house.json").read_bytes() == content
    table = json.loads((build_dir / "content" / "house.tts.json").read_text(encoding="utf-8"))
    assert table["format"] == 1 and table["cards"]
    assert load_compiled(build_dir / "content", "house")["tts"] == table


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
