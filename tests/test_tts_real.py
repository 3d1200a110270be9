"""The saves `make build` wrote (build/tts/): the same checks as on the
fixture, on what a player actually loads. Skipped until a build exists."""
from __future__ import annotations

import json
import stat
from pathlib import Path
from urllib.parse import unquote

import pytest

from pipeline.tts import schema
from tests.tts_fake import TTSFake
from tests.tts_fake.saves import strings, walk
from server.content import load_compiled

ROOT = Path(__file__).resolve().parents[1]
TTS = ROOT / "build" / "tts"
SAVES = sorted(TTS.glob("*.json")) if TTS.is_dir() else []

pytestmark = pytest.mark.skipif(not SAVES, reason="no build/tts saves yet (run `make build`)")


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_built_save_passes_the_schema(path):
    assert schema.problems(load(path)) == []
    assert path.stat().st_mode & stat.S_IROTH, "saves must be readable by TTS"


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_every_url_in_a_built_save_names_a_built_asset(path):
    found = [s for s in strings(load(path)) if s.startswith(("file://", "http://", "https://"))]
    assert found
    for url in found:
        name = unquote(url.rsplit("/", 1)[1])
        assert (ROOT / "build" / "assets" / name).is_file(), url


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_built_save_loads_under_the_fake_and_matches_the_tts_section(path):
    save = load(path)
    ruleset = path.name.split(".")[0]
    tts = load_compiled(ROOT / "build" / "content", ruleset).get("tts")
    if tts is None:
        pytest.skip("build/content was recompiled without the TTS stage (run `make build`)")
    assert save["SaveName"].endswith(tts["mod_version"])
    guids = {o["GUID"] for o in walk(save["ObjectStates"])}
    assert {c["guid"] for c in tts["cards"].values()} <= guids
    if ruleset == "house":
        assert {r["guid"] for r in tts["rooms"].values()} <= guids
        starts = [r for r in tts["rooms"].values() if r["start"]]
        assert len(starts) == 5 and {r["start"]["floor"] for r in starts} == {"basement", "ground", "upper"}
    fake = TTSFake(save)
    fake.load_all()
    assert fake.captured.errors == []
