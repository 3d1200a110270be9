"""Broken content, as an author could write it, fed to the real build: each
case is a copy of the house content with one mistake (or a hostile file),
built with `python -m pipeline build --content house=<copy>` in-process.

Each must end with exit status 1, every line a `file:line: field: message`
(or the closing summary), no traceback, and the build folder exactly as it
was: every file's inode, size and modification time unchanged (every
output is written by a new file renamed into place, so any write shows).
"""
from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "rulesets" / "house" / "content"
PROBLEM = re.compile(r"^[^:\n]+:\d+: [^:\n]+: .+")
SUMMARY = re.compile(r"^(house: \d+ problem\(s\)|build stopped: nothing written|.*: render stopped: .*|"
                     r".*: tts stopped.*)$")


@dataclass
class Case:
    name: str
    change: Callable[[Path], None] | tuple
    expect: str                    # a fragment the report must hold (file, field or message)
    slow: bool = False             # found only by rendering: make bench only


def _patch(file: str, old: str, new: str, count: int = 1):
    def change(folder: Path) -> None:
        path = folder / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{file}: {old!r} not found"
        path.write_text(text.replace(old, new, count), encoding="utf-8")
    return change


def _bytes(file: str, old: bytes, new: bytes):
    def change(folder: Path) -> None:
        path = folder / file
        data = path.read_bytes()
        assert old in data, f"{file}: {old!r} not found"
        path.write_bytes(data.replace(old, new, 1))
    return change


def _write(file: str, data: bytes | str):
    def change(folder: Path) -> None:
        path = folder / file
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return change


def _symlink_loop(folder: Path) -> None:
    os.symlink("loop_b.yaml", folder / "loop_a.yaml")
    os.symlink("loop_a.yaml", folder / "loop_b.yaml")


def _dangling(folder: Path) -> None:
    os.symlink("nowhere.yaml", folder / "gone.yaml")


def _folder(folder: Path) -> None:
    (folder / "extra.yaml").mkdir()


def _delete(file: str):
    return lambda folder: (folder / file).unlink()


ROOM = "  - id: foyer\n"
CASES: list[Case] = [
    # The file itself.
    Case("yaml syntax error", _patch("events.yaml", "  - id: paper_mourner", "  - id: [paper_mourner"), "events.yaml:"),
    Case("tab indentation", _patch("omens.yaml", "    companion: true", "\tcompanion: true"), "omens.yaml:"),
    Case("nul byte", _bytes("items.yaml", b"Coal Shovel", b"Coal\x00Shovel"), "items.yaml:8:"),
    Case("not utf-8 on line 17", _bytes("items.yaml", "猎弩".encode(), b"\xff\xfe"), "items.yaml:17:"),
    Case("binary file", _write("items.yaml", bytes(range(256)) * 4), "items.yaml:"),
    Case("nested 100,000 deep", _write("zz_deep.yaml", "terms: " + "[" * 100_000), "zz_deep.yaml:"),
    Case("nested 60 maps deep", _write("zz_deep.yaml", "terms:\n" + "".join("  " * (i + 1) + f"k{i}:\n"
                                                                          for i in range(60))), "zz_deep.yaml:"),
    Case("alias bomb", _write("zz_bomb.yaml", "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(8))),
        "zz_bomb.yaml:"),
    Case("python tag", _write("zz_tag.yaml", "terms: !!python/object/apply:os.system ['true']\n"), "zz_tag.yaml:"),
    Case("unknown tag", _patch("terms.yaml", "might: {", "might: !secret {"), "terms.yaml:"),
    Case("symlink loop", _symlink_loop, "loop_a.yaml:"),
    Case("dangling symlink", _dangling, "gone.yaml:"),
    Case("folder named .yaml", _folder, "extra.yaml:"),
    Case("empty file", _write("zz_empty.yaml", ""), "zz_empty.yaml:1"),
    Case("only a comment", _write("zz_empty.yaml", "# nothing here\n"), "zz_empty.yaml:1"),
    Case("a list at the top", _write("zz_list.yaml", "- a\n- b\n"), "zz_list.yaml:1"),
    Case("two kinds in one file", _patch("terms.yaml", "terms:\n", "terms:\nrooms: []\nterms2:\n"), "terms.yaml:"),
    Case("unknown kind", _write("zz_kind.yaml", "ghosts: []\n"), "ghosts"),
    Case("second terms", _write("zz_terms.yaml", "terms:\n  might: {zh-Hans: 力, en: Might}\n"), "zz_terms.yaml:"),
    Case("mapping key is a list", _patch("terms.yaml", "  might: {", "  [a, b]: 1\n  might: {"), "terms.yaml:"),
    Case("duplicate key", _patch("items.yaml", "    weapon: true\n", "    weapon: true\n    weapon: false\n"),
         "items[0].weapon"),
    # Ids.
    Case("id of 5000 characters", _patch("items.yaml", "id: coal_shovel", "id: " + "a" * 5000), "items[0].id"),
    Case("id upper case", _patch("items.yaml", "id: coal_shovel", "id: CoalShovel"), "items[0].id"),
    Case("id a number", _patch("items.yaml", "id: coal_shovel", "id: 12"), "items[0].id"),
    Case("id null", _patch("items.yaml", "id: coal_shovel", "id: null"), "items[0].id"),
    Case("duplicate id across kinds", _patch("omens.yaml", "id: stray_hound", "id: coal_shovel"), "duplicate id"),
    Case("missing id", _patch("items.yaml", "  - id: coal_shovel\n", "  - \n"), "items[0]"),
    # Fields.
    Case("misspelt field", _patch("items.yaml", "    weapon: true\n", "    weapn: true\n"), "items[0].weapn"),
    Case("missing title", _patch("items.yaml", '    title: {zh-Hans: "煤铲", en: "Coal Shovel"}\n', ""), "items[0].title"),
    Case("missing en text", _patch("items.yaml", '{zh-Hans: "煤铲", en: "Coal Shovel"}', '{zh-Hans: "煤铲"}'),
         "items[0].title.en"),
    Case("unknown locale", _patch("items.yaml", '{zh-Hans: "煤铲", en: "Coal Shovel"}',
                                  '{zh-Hans: "煤铲", en: "Coal Shovel", fr: "Pelle"}'), "items[0].title"),
    Case("title a list", _patch("items.yaml", '{zh-Hans: "煤铲", en: "Coal Shovel"}', "[煤铲, Coal Shovel]"),
         "items[0].title"),
    Case("empty english title", _patch("items.yaml", 'en: "Coal Shovel"', 'en: ""'), "items[0].title.en"),
    Case("unknown icon token", _patch("items.yaml", "用:might:袭击", "用:mite:袭击"), "items[0].text"),
    Case("weapon not a boolean", _patch("items.yaml", "    weapon: true\n", "    weapon: maybe\n"), "items[0].weapon"),
    Case("attack dice a string", _patch("items.yaml", "    attack_dice: 1\n", '    attack_dice: "1"\n'),
         "items[0].attack_dice"),
    Case("attack dice 1e29", _patch("items.yaml", "    attack_dice: 1\n", "    attack_dice: 1e29\n"),
         "items[0].attack_dice"),
    Case("attack dice 10^30", _patch("items.yaml", "    attack_dice: 1\n", "    attack_dice: 1000000000000000000000000000000\n"),
         "items[0].attack_dice"),
    Case("attack dice negative", _patch("items.yaml", "    attack_dice: 1\n", "    attack_dice: -3\n"),
         "items[0].attack_dice"),
    Case("damage amount 1e29", _patch("events.yaml", "{kind: mental, amount: 1}", "{kind: mental, amount: 1e29}"),
         ".amount"),
    Case("damage amount nan", _patch("events.yaml", "{kind: mental, amount: 1}", "{kind: mental, amount: .nan}"),
         ".amount"),
    Case("damage amount infinite", _patch("events.yaml", "{kind: mental, amount: 1}", "{kind: mental, amount: .inf}"),
         ".amount"),
    Case("damage amount huge integer", _patch("events.yaml", "{kind: mental, amount: 1}",
                                              "{kind: mental, amount: 99999999999999999999999}"), ".amount"),
    Case("gain steps 10^9", _patch("events.yaml", "{trait: knowledge, steps: 1}", "{trait: knowledge, steps: 1000000000}"),
         ".steps"),
    Case("unknown trait", _patch("items.yaml", "attack_trait: speed", "attack_trait: strength"), "attack_trait"),
    Case("art names a missing icon", _patch("items.yaml", "art: spade", "art: no-such-icon-anywhere"), "items[0].art"),
    Case("art with a path", _patch("items.yaml", "art: spade", "art: ../../etc/passwd"), "items[0].art"),
    Case("unknown effect step", _patch("events.yaml", "{gain: {trait: knowledge, steps: 1}}", "{teleport: {to: moon}}"),
         "events[0]"),
    Case("roll without outcomes", _patch("events.yaml", "          trait: sanity\n          outcomes:",
                                         "          trait: sanity\n          outcomez:"), "events[0]"),
    # Rooms.
    Case("unknown door side", _patch("rooms.yaml", "doors: [N, E, S, W]", "doors: [N, E, S, X]"), "doors"),
    Case("doors a string", _patch("rooms.yaml", "doors: [N, E, S, W]", "doors: NESW"), "doors"),
    Case("unknown floor", _patch("rooms.yaml", "    floors: [ground]\n    doors: [N, E, S, W]",
                                 "    floors: [attic]\n    doors: [N, E, S, W]"), "floors"),
    Case("link to an unknown room", _patch("rooms.yaml", "links: [{to: grand_staircase}]", "links: [{to: nowhere}]"),
         "links[0].to"),
    Case("start cell taken", _patch("rooms.yaml", "start: {floor: ground, x: 0, y: 1}",
                                    "start: {floor: ground, x: 0, y: 0}"), "start"),
    Case("start x 10^12", _patch("rooms.yaml", "start: {floor: ground, x: 0, y: 1}",
                                 "start: {floor: ground, x: 1000000000000, y: 1}"), "start"),
    Case("elevator dice 1e29", _patch("rooms.yaml", "      kind: elevator\n      dice: 3",
                                      "      kind: elevator\n      dice: 1e29"), "special"),
    Case("rooms file deleted", _delete("rooms.yaml"), "room"),
    # Characters.
    Case("trait track too short", _patch("characters.yaml", "{track: [3, 4, 4, 5, 6, 6, 7, 8], start: 3}",
                                         "{track: [3, 4, 4, 5, 6, 6, 7], start: 3}"), "track"),
    Case("trait start beyond the track", _patch("characters.yaml", "{track: [3, 4, 4, 5, 6, 6, 7, 8], start: 3}",
                                                "{track: [3, 4, 4, 5, 6, 6, 7, 8], start: 30}"), "start"),
    Case("age 10^20", _patch("characters.yaml", "age: 58", "age: 100000000000000000000"), "age"),
    Case("colour not a colour", _patch("characters.yaml", 'color: "#c0392b"', 'color: "#zzz"'), "color"),
    # Haunts and the chart.
    Case("unknown win condition", _patch("haunts.yaml", "heroes_win:\n      - traitor_dead: true",
                                         "heroes_win:\n      - traitor_sleepy: true"), "heroes_win"),
    Case("unknown traitor win condition", _patch("haunts.yaml", "traitor_wins:\n      - heroes_dead: true",
                                                 "traitor_wins:\n      - everyone_happy: true"), "traitor_wins"),
    Case("monster count 1e29", _patch("haunts.yaml", "count: 3", "count: 1e29"), "count"),
    Case("objectives as one word", _patch("haunts.yaml", "heroes_win:\n      - traitor_dead: true",
                                          "heroes_win: traitor_dead"), "heroes_win"),
    Case("haunt without a clock", _patch("haunts.yaml", "    clock: {counts: rounds, end: 12, winner: house}\n", ""),
         "clock"),
    Case("setup names an unknown monster", _patch("haunts.yaml", "kind: drowned_singer", "kind: drowned_sinner"),
         "setup[0]"),
    Case("chart names an unknown haunt", _patch("haunt_chart.yaml", "stray_hound: drowned_choir",
                                                "stray_hound: drowned_chior"), "haunt_chart"),
    Case("chart cell missing", _patch("haunt_chart.yaml", "      stray_hound: drowned_choir\n", ""), "haunt_chart"),
    # Found only by rendering (the font has no such character): the staging keeps build/ intact.
    Case("a character the font lacks", _patch("items.yaml", 'en: "Coal Shovel"', 'en: "Coal \U0001D11E Shovel"'),
         "no glyph", slow=True),
]


def _signature(folder: Path) -> dict[str, tuple]:
    out = {}
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        out[path.relative_to(folder).as_posix()] = (st.st_ino, st.st_size, st.st_mtime_ns, path.is_dir())
    return out


def build_once(folder: Path, build_dir: Path) -> tuple[int | None, str]:
    """(exit status, everything printed); a traceback is part of the text."""
    from pipeline.build import main
    out, err = io.StringIO(), io.StringIO()
    status: int | None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(["house", "--content", f"house={folder}", "--build-dir", str(build_dir)])
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            status = None
            err.write(traceback.format_exc())
    return status, err.getvalue()


def run(slow: bool = False, only: list[str] | None = None, workdir: Path | None = None,
        build_dir: Path | None = None, log=print) -> dict:
    """`build_dir`: an existing build to keep intact (default: a hard-linked
    copy of the project's build/ in `workdir`, or a fresh good build there)."""
    from pipeline.staging import _link_tree
    tmp = Path(workdir or tempfile.mkdtemp(prefix="hauntkit-content-"))
    if build_dir is None:
        build_dir = tmp / "build"
        if (ROOT / "build" / "content" / "house.json").is_file():
            _link_tree(ROOT / "build", build_dir)
        else:
            status, text = build_once(SOURCE, build_dir)
            if status != 0:
                raise RuntimeError(f"the good content does not build:\n{text}")
    cases = [c for c in CASES if (slow or not c.slow) and (only is None or c.name in only)]
    results = []
    for case in cases:
        before = _signature(build_dir)
        folder = tmp / "content"
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(SOURCE, folder, symlinks=True)
        case.change(folder)
        started = time.monotonic()
        status, text = build_once(folder, build_dir)
        lines = [line for line in text.splitlines() if line.strip()]
        after = _signature(build_dir)
        problems = [line for line in lines if PROBLEM.match(line)]
        results.append({
            "name": case.name, "status": status, "seconds": round(time.monotonic() - started, 2),
            "traceback": "Traceback" in text,
            "unshaped": [line for line in lines if not PROBLEM.match(line) and not SUMMARY.match(line)],
            "problems": problems, "found": any(case.expect in line for line in problems),
            "build_changed": sorted(set(before) ^ set(after) | {k for k in before if k in after and before[k] != after[k]})})
        log(f"{case.name}: {status} {problems[:1]}")
        if status == 0:       # the broken content built: put the good build back for the next case
            build_once(SOURCE, build_dir)
    ok = [r for r in results if r["status"] == 1 and not r["traceback"] and not r["unshaped"] and r["found"]
          and not r["build_changed"] and r["problems"]]
    return {"cases": len(results), "ok": len(ok), "results": results,
            "tracebacks": sum(r["traceback"] for r in results),
            "build_changed": sum(bool(r["build_changed"]) for r in results)}
