"""Lua bundling, lint, and the bundled scripts running in real Lua 5.2 under
the TTS fake (tests/tts_fake)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from lupa import lua52

from pipeline.tts import luabundle, stage
from tests.tts_fake import TTSFake
from tests.tts_fake.fixture import make_build

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    build = tmp_path_factory.mktemp("lua") / "build"
    make_build(build)
    result = stage.build("house", ROOT, build, base_url="")
    return {p.name.split(".")[1]: json.loads(p.read_text(encoding="utf-8")) for p in result.saves}


def test_missing_module_names_the_requiring_file_and_line(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "main.lua").write_text('local x = require("a/b")\n-- require("ignored")\n'
                                       'local y = require("a/missing")\n')
    (tmp_path / "a" / "b.lua").write_text("return 1\n")
    with pytest.raises(luabundle.BundleError, match=r"tts_lua/main.lua:3: module 'a/missing' not found"):
        luabundle.bundle(tmp_path, entry="main")


def test_missing_module_fails_the_stage(tmp_path):
    lua = tmp_path / "tts_lua"
    shutil.copytree(ROOT / "tts_lua", lua)
    (lua / "hauntkit" / "panel.lua").write_text('local gone = require("hauntkit/gone")\nreturn {}\n')
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    build = tmp_path / "build"
    make_build(build)
    with pytest.raises(stage.StageError, match=r"tts_lua/hauntkit/panel.lua:1: module 'hauntkit/gone'"):
        stage.build("house", tmp_path, build, base_url="")
    assert not (build / "tts").exists()


def test_bundle_is_luabundle_format_and_splits_back(tmp_path):
    (tmp_path / "m").mkdir()
    (tmp_path / "main.lua").write_text('local m = require("m/one")\nreturn m.value + 1\n')
    (tmp_path / "m" / "one.lua").write_text('local two = require("m.two")\nreturn {value = two * 10}\n')
    (tmp_path / "m" / "two.lua").write_text("return 4\n")
    text = luabundle.bundle(tmp_path, entry="main")
    assert text.startswith('-- Bundled by luabundle {"version":"1.6.0"}')
    assert text.rstrip().endswith('return __bundle_require("__root")')
    assert set(luabundle.unbundle(text)) == {"__root", "m/one", "m.two"}
    assert lua52.LuaRuntime().execute(text) == 41
    plain = "print('no modules')\n"
    (tmp_path / "plain.lua").write_text(plain)
    assert luabundle.bundle(tmp_path, entry="plain") == plain


def test_requires_in_strings_and_comments_are_not_modules(tmp_path):
    src = (
        'local a = require "m/a"\n'
        '-- require("gone/one")\n'
        '--[==[ require("gone/two")\n]==]\n'
        'local s = [[ require("gone/three") ]]\n'
        'local t = "require(\\"gone/four\\")"\n'
        'local b = require(\'m/b\')\n'
        'obj.require("not/a/module")\n'
    )
    found = [(r.name, r.line) for r in luabundle.find_requires(src, "x.lua")]
    assert found == [("m/a", 1), ("m/b", 7)]


def test_non_literal_require_is_refused(tmp_path):
    (tmp_path / "main.lua").write_text("local name = 'x'\nlocal m = require(name)\n")
    with pytest.raises(luabundle.BundleError, match="main.lua:2: require needs a literal"):
        luabundle.bundle(tmp_path, entry="main")
    (tmp_path / "main.lua").write_text('local m = require("a" .. suffix)\n')
    with pytest.raises(luabundle.BundleError, match="main.lua:1: require needs a literal"):
        luabundle.bundle(tmp_path, entry="main")


def test_luacheck_passes_on_tts_lua_and_every_rulesets_lua():
    exe = shutil.which("luacheck")
    assert exe, "luacheck is missing: `make setup` installs it (Debian package lua-check)"
    folders = ["tts_lua", *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("rulesets/*/lua"))]
    run = subprocess.run([exe, "--no-color", *folders], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_bundled_script_compiles_and_onload_runs(saves):
    for locale, save in saves.items():
        fake = TTSFake(save)
        fake.load_all()
        assert fake.ui("hk_status")["value"] == {
            "en": "Not connected: play by hand", "zh-Hans": "未连接：可手动游戏",
            "zh-Hant": "未連線：可手動遊戲"}[locale]
        assert fake.ui("hk_version")["value"] == save["SaveName"].rsplit(" ", 1)[1]
        assert fake.captured.errors == []
        assert any(l["label"] == "hauntkit" and locale in l["text"] for l in fake.captured.logs)
        scripted = [o for o in save["ObjectStates"] if o["LuaScript"]]
        assert len(scripted) > 10


def test_connect_creates_a_table_and_sends_the_mod_version(saves):
    save = saves["zh-Hans"]
    answers = []

    def server(call):
        answers.append(call)
        return 201, {"ok": True, "table_id": "t-1", "host_token": "tok", "version": 0}

    fake = TTSFake(save, web=server, seated=["White", "Red"])
    fake.load_all()
    assert fake.ui("hk_status")["value"] == "未连接：可手动游戏"
    fake.type_into("hk_url", "  http://rules.example:8787/ ")
    fake.click("hk_connect")
    assert fake.ui("hk_status")["value"] == "连接中…"
    fake.step(0.1)
    (call,) = answers
    version = save["SaveName"].rsplit(" ", 1)[1]
    assert (call.method, call.url) == ("POST", "http://rules.example:8787/v1/tables")
    assert call.json() == {"ruleset": "house", "locale": "zh-Hans", "seats": ["White", "Red"],
                           "options": [], "mod_version": version}
    assert call.headers["X-Hauntkit-Mod-Version"] == version
    assert fake.ui("hk_status")["value"].startswith("已连接")
    assert fake.ui("hk_table")["attributes"]["text"] == "t-1"
    state = json.loads(fake.save_state())
    assert (state["table_id"], state["token"], state["url"]) == ("t-1", "tok", "http://rules.example:8787/")


def test_reload_resumes_with_the_token_and_warns_when_outdated(saves):
    save = saves["en"]
    calls = []

    def server(call):
        calls.append(call)
        return 200, {"ok": True, "table_id": "t-9", "version": 12, "mod_version": "0.0.1+old"}

    fake = TTSFake(save, web=server)
    fake.load_all(script_state=json.dumps({"url": "http://h:1", "table_id": "t-9", "token": "sek",
                                           "version": 3}))
    fake.step(0.1)
    (call,) = calls
    assert (call.method, call.url) == ("GET", "http://h:1/v1/tables/t-9")
    assert call.headers["Authorization"] == "Bearer sek"
    assert "outdated" in fake.ui("hk_status")["value"]
    assert any("outdated" in b["text"] and b["to"] == "all" for b in fake.captured.broadcasts)


def settle(fake, seconds=60.0):
    """Step the fake until the panel leaves "connecting" (retries back off)."""
    for _ in range(int(seconds)):
        fake.step(1.0)
        if fake.ui("hk_status")["value"] != "Connecting…":
            return


def test_refusal_and_no_server_show_failed_and_keep_the_table_playable(saves):
    save = saves["en"]

    def refuse(call):
        return 404, {"ok": False, "error": {"code": "UNKNOWN-RULESET",
                                             "message": {"en": "no such ruleset", "zh-Hans": "无"}}}

    fake = TTSFake(save, web=refuse)
    fake.load_all()
    fake.click("hk_connect")
    settle(fake)
    status = fake.ui("hk_status")["value"]
    assert status.startswith("Connection failed:") and "no such ruleset" in status
    assert json.loads(fake.save_state())["table_id"] == ""

    offline = TTSFake(save, web=None)
    offline.load_all()
    offline.click("hk_connect")
    settle(offline)
    assert offline.ui("hk_status")["value"].startswith("Connection failed:")
    assert offline.captured.errors == []


def test_global_bundle_splits_back_into_the_tts_lua_sources(saves):
    """What TTSModManager-style tools do with a script taken out of a save."""
    modules = luabundle.unbundle(saves["en"]["LuaScript"])
    assert modules.pop("__root") == (ROOT / "tts_lua" / "Global.lua").read_text(encoding="utf-8")
    config = modules.pop("hauntkit/config")
    assert 'locale = "en"' in config and "mod_version" in config
    assert modules, "Global requires modules"
    assert "ruleset/main" in modules
    for name, text in modules.items():
        source = (ROOT / "rulesets" / "house" / "lua" / f"{name[len('ruleset/'):]}.lua"
                  if name.startswith("ruleset/") else ROOT / "tts_lua" / f"{name}.lua")
        assert text == source.read_text(encoding="utf-8"), name


def test_only_the_host_sees_the_server_fields_and_token(saves):
    import xml.etree.ElementTree as ET
    root = ET.fromstring(f"<root>{saves['en']['XmlUI']}</root>")
    parent = {child: el for el in root.iter() for child in el}
    for element_id in ("hk_url", "hk_table", "hk_token", "hk_connect"):
        el = next(e for e in root.iter() if e.get("id") == element_id)
        chain = [el]
        while chain[-1] in parent:
            chain.append(parent[chain[-1]])
        assert any(e.get("visibility") == "Host" for e in chain), element_id
    status = next(e for e in root.iter() if e.get("id") == "hk_status")
    assert status.get("visibility") is None and status.text == "Not connected: play by hand"
