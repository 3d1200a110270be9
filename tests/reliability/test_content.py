"""Broken content through the real build (bench/bench_content.py runs all
of bench/reliability/content.py's cases, at least 60): each refused with
`file:line: field` lines, no traceback, the build folder untouched. Here
the cases that used to end in a traceback, slip through `make check`, or
name line 1 for a bad byte further down."""
from __future__ import annotations

from bench.reliability import content

DEFECTS = ["nul byte", "not utf-8 on line 17", "nested 100,000 deep", "symlink loop", "dangling symlink",
           "folder named .yaml", "id of 5000 characters", "attack dice 10^30", "damage amount huge integer",
           "gain steps 10^9", "start x 10^12", "age 10^20", "art names a missing icon", "unknown win condition",
           "unknown traitor win condition", "yaml syntax error"]


def test_there_are_at_least_sixty_cases():
    assert len(content.CASES) >= 60 and len({c.name for c in content.CASES}) == len(content.CASES)
    assert set(DEFECTS) <= {c.name for c in content.CASES}


def test_broken_content_is_refused_by_file_line_field_and_build_is_untouched(tmp_path):
    r = content.run(only=DEFECTS, workdir=tmp_path, log=lambda _: None)
    assert r["cases"] == len(DEFECTS)
    for x in r["results"]:
        assert x["status"] == 1 and x["problems"] and x["found"], x
        assert not x["traceback"] and not x["unshaped"], x
        assert x["build_changed"] == [], x
