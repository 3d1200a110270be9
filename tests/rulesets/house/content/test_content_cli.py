"""`python -m pipeline check|stats|compile|build` over fixture trees."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline import build as build_mod
from pipeline.__main__ import main
from pipeline.content.compile import compile_ruleset
from pipeline.content.loader import load_ruleset
from test_content_broken import CASES, make_tree

REPO = Path(__file__).resolve().parents[4]


def patches(*names):
    return [p for c in CASES if c["name"] in names for p in c["patches"]]


def snapshot(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def old_build(tmp_path):
    """A build/ folder from an earlier run that broken content must not touch."""
    def make(root: Path) -> Path:
        out = root / "build"
        (out / "content").mkdir(parents=True)
        (out / "content" / "house.json").write_text('{"old": true}\n')
        (out / "assets").mkdir()
        (out / "assets" / "card.png").write_bytes(b"\x89PNG old")
        return out
    return make


def test_check_passes_on_valid_content_and_writes_nothing(tmp_path, capsys):
    root = make_tree(tmp_path, [])
    assert main(["check", "house", "--content", f"house={root}/content", "--root", str(root)]) == 0
    assert "house: ok" in capsys.readouterr().out
    assert not (root / "build").exists()


@pytest.mark.parametrize("command", ["check", "compile", "build"])
def test_broken_content_leaves_existing_build_untouched(command, tmp_path, old_build, capsys):
    root = make_tree(tmp_path, patches("unknown_trait"))
    out = old_build(root)
    before = snapshot(out)
    assert main([command, "house", "--content", f"house={root}/content", "--root", str(root)]) == 1
    assert snapshot(out) == before
    err = capsys.readouterr().err
    assert "content/items.yaml:10: items[0].attack_trait: unknown trait 'strength'" in err


def test_check_prints_every_error_of_every_file_one_per_line(tmp_path, capsys):
    root = make_tree(tmp_path, patches("unknown_trait", "unknown_side", "decreasing_track",
                                       "yaml_syntax"))
    assert main(["check", "house", "--content", f"house={root}/content", "--root", str(root)]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [
        "content/characters.yaml:10: characters[0].sides[0].traits.might.track[6]: "
        "5 after 6 (expected non-decreasing values, lowest first)",
        "content/events.yaml:15: -: YAML syntax error: expected ',' or ']', but got ':'; "
        "while parsing a flow sequence (expected valid YAML)",
        "content/items.yaml:10: items[0].attack_trait: unknown trait 'strength' "
        "(expected one of might, speed, knowledge, sanity)",
        "content/rooms.yaml:42: rooms[5].windows[0]: unknown side 'X' (expected one of N, E, S, W)",
        "house: 4 problem(s)",
    ]


def test_compile_is_deterministic_and_atomic(tmp_path):
    root = make_tree(tmp_path, [])
    for out in ("b1", "b2"):
        assert main(["compile", "house", "--content", f"house={root}/content", "--root", str(root), "--build-dir", str(tmp_path / out)]) == 0
    one = (tmp_path / "b1" / "content" / "house.json").read_bytes()
    two = (tmp_path / "b2" / "content" / "house.json").read_bytes()
    assert one == two
    assert sorted(os.listdir(tmp_path / "b1" / "content")) == ["house.json"]   # no temp files left
    data = json.loads(one)
    assert set(data) == {"ruleset", "content_hash", "locales", "rooms", "events", "items", "omens",
                         "characters", "haunts", "haunt_chart", "terms"}
    assert data["locales"] == ["zh-Hans", "zh-Hant", "en"]
    assert data["rooms"]["mystic_lift"]["special"]["params"]["table"]["4"] == "any"
    assert data["items"]["chainsaw"]["tradeable"] is True          # default written out
    assert data["events"]["cold_draft"]["title"]["zh-Hant"] == "冷風"
    assert "where" not in data["rooms"]["foyer"]
    assert one.decode() == json.dumps(data, sort_keys=True, ensure_ascii=False, indent=1) + "\n"


def test_content_hash_follows_every_source_byte(tmp_path):
    root = make_tree(tmp_path, [])
    first = compile_ruleset(load_ruleset("house", root / "content", root), root)["content_hash"]
    again = compile_ruleset(load_ruleset("house", root / "content", root), root)["content_hash"]
    assert first == again
    items = root / "content" / "items.yaml"
    items.write_text(items.read_text() + "# a comment changes the source\n")
    assert compile_ruleset(load_ruleset("house", root / "content", root), root)["content_hash"] != first


def test_module_entry_point_runs(tmp_path):
    root = make_tree(tmp_path, [])
    run = subprocess.run([sys.executable, "-m", "pipeline", "stats", "--content", f"house={root}/content",
                          "--root", str(root)],
                         cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("house: rooms 16 (starting 5), events 3, items 3")
    assert "  special kinds: chute 1, unstable_floor 1, crossing 1" in run.stdout


def test_unknown_command_is_refused(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["nonsense"])
    assert exc.value.code == 2


def test_build_runs_stages_in_order_after_writing_content(tmp_path, monkeypatch):
    root = make_tree(tmp_path, [])
    calls = []
    fake = type(sys)("fake_stages")
    fake.first = lambda **kw: calls.append(("first", kw["ruleset"].name, kw["content_path"].exists()))
    fake.second = lambda **kw: calls.append(("second", kw["ruleset"].name, kw["build_dir"]))
    monkeypatch.setitem(sys.modules, "fake_stages", fake)
    monkeypatch.setattr(build_mod, "STAGES", [("a", "fake_stages:first"), ("b", "fake_stages:second")])
    assert main(["build", "house", "--content", f"house={root}/content", "--root", str(root)]) == 0
    # The stages write into a staging copy beside build/, swapped in once all finished.
    assert calls[0] == ("first", "house", True) and calls[1][:2] == ("second", "house")
    assert calls[1][2].parent == root and calls[1][2].name.startswith(".build.staging-")
    assert (root / "build" / "content" / "house.json").exists() and not calls[1][2].exists()


def test_build_stops_when_a_stage_cannot_be_imported(tmp_path, monkeypatch):
    """A missing stage is a broken install: the build fails instead of
    exiting 0 with the stage's outputs missing."""
    root = make_tree(tmp_path, [])
    monkeypatch.setattr(build_mod, "STAGES", [("c", "no_such_package_here:build")])
    with pytest.raises(ModuleNotFoundError):
        main(["build", "house", "--content", f"house={root}/content", "--root", str(root)])
    # Found before anything was written.
    assert not (root / "build").exists()


def test_no_content_is_an_error(tmp_path, capsys):
    assert main(["check", "--content", f"house={tmp_path}", "--root", str(tmp_path)]) == 1
    assert "no content files" in capsys.readouterr().err


def test_an_unknown_ruleset_is_an_error(capsys):
    assert main(["check", "nosuchgame"]) == 1
    assert "unknown ruleset 'nosuchgame'" in capsys.readouterr().err


def test_compile_is_identical_across_processes_and_hash_seeds(tmp_path):
    root = make_tree(tmp_path, [])
    outputs = []
    for seed in ("1", "2"):
        out = tmp_path / f"seed{seed}"
        run = subprocess.run([sys.executable, "-m", "pipeline", "compile", "--content", f"house={root}/content",
                              "--root", str(root),
                              "--build-dir", str(out)], cwd=REPO, capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed})
        assert run.returncode == 0, run.stderr
        outputs.append((out / "content" / "house.json").read_bytes())
    assert outputs[0] == outputs[1]


def test_a_stage_the_ruleset_does_not_provide_is_skipped_after_its_content_is_compiled(tmp_path, monkeypatch,
                                                                                         capsys):
    """A game under construction (content and an engine, no cards yet) still
    checks and compiles: the stages its build module has no interface for
    are skipped and said so, never run half-way."""
    root = make_tree(tmp_path, [])
    calls = []
    fake = type(sys)("fake_stages")
    fake.first = lambda **kw: calls.append("first")
    fake.second = lambda **kw: calls.append("second")
    monkeypatch.setitem(sys.modules, "fake_stages", fake)
    monkeypatch.setattr(build_mod, "STAGES", [("a", "fake_stages:first", "CONTENT"),
                                              ("b", "fake_stages:second", "NO_SUCH_INTERFACE")])
    assert main(["build", "house", "--content", f"house={root}/content", "--root", str(root)]) == 0
    assert calls == ["first"]
    assert "no NO_SUCH_INTERFACE in its build module: b and later stages skipped" in capsys.readouterr().out
    assert (root / "build" / "content" / "house.json").exists()


def _snapshot(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_problem_a_later_stage_finds_leaves_build_byte_identical(tmp_path, monkeypatch, capsys):
    """Broken content changes nothing in build/ whichever stage finds it:
    here the content compiles and the first stage writes, then the second
    refuses (as the renderer does for a character the font lacks)."""
    root = make_tree(tmp_path, [])
    fake = type(sys)("fake_stages")

    def writes(build_dir, **kw):       # as every stage writes: pipeline.atomic
        from pipeline.atomic import write_bytes
        write_bytes(build_dir / "assets" / "new.png", str(len(calls)).encode())
        calls.append(1)
    calls = []

    def refuses(ruleset, **kw):
        print(f"{ruleset.name}: content/items.yaml:3: items[0].text.en: no glyph for U+1F47B", file=sys.stderr)
        raise SystemExit(1)
    fake.writes, fake.refuses = writes, refuses
    monkeypatch.setitem(sys.modules, "fake_stages", fake)
    monkeypatch.setattr(build_mod, "STAGES", [("a", "fake_stages:writes")])
    assert main(["build", "house", "--content", f"house={root}/content", "--root", str(root)]) == 0
    (root / "build" / "content" / "house.json").write_text("{}\n")      # as an older build left it
    before = _snapshot(root / "build")
    monkeypatch.setattr(build_mod, "STAGES", [("a", "fake_stages:writes"), ("b", "fake_stages:refuses")])
    with pytest.raises(SystemExit):
        main(["build", "house", "--content", f"house={root}/content", "--root", str(root)])
    assert _snapshot(root / "build") == before
    assert [p.name for p in root.iterdir() if p.name.startswith(".build")] == []
