"""Every broken-content case reports exactly its problems: file, line, field, message.

The cases live in fixtures/cases.yaml as patches over a valid
base tree, so each one is a small, readable mistake an author could make.
"""
import shutil
from pathlib import Path

import pytest
import yaml

from pipeline.content.errors import ContentError
from pipeline.content.loader import load_ruleset

FIXTURES = Path(__file__).parent / "fixtures"
CASES = yaml.safe_load((FIXTURES / "cases.yaml").read_text(encoding="utf-8"))["cases"]


def make_tree(tmp_path: Path, patches: list[dict]) -> Path:
    """A copy of the valid base tree with `patches` applied."""
    root = tmp_path / "tree"
    shutil.copytree(FIXTURES / "base", root)
    for patch in patches:
        path = root / patch["file"]
        if patch.get("delete"):
            path.unlink()
        elif "write" in patch:
            path.write_text(patch["write"], encoding="utf-8")
        else:
            text = path.read_text(encoding="utf-8")
            assert text.count(patch["old"]) == 1, f"patch target not unique: {patch['old']!r}"
            path.write_text(text.replace(patch["old"], patch["new"]), encoding="utf-8")
    return root


def test_there_are_at_least_twenty_cases_with_distinct_names():
    names = [c["name"] for c in CASES]
    assert len(names) >= 20 and len(set(names)) == len(names)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_broken_case_reports_exactly_its_problems(case, tmp_path):
    root = make_tree(tmp_path, case["patches"])
    with pytest.raises(ContentError) as err:
        load_ruleset("house", root / "content", root)
    assert [str(p) for p in err.value.problems] == case["expect"]
    for problem in err.value.problems:
        assert (root / problem.file).exists()
        assert problem.line >= 1


def test_errors_in_several_files_are_all_reported_in_one_run(tmp_path):
    patches = [p for c in CASES if c["name"] in
               ("unknown_trait", "unknown_side", "decreasing_track", "chart_unknown_haunt",
                "roll_outcomes_overlap", "traitor_rule_needs_trait")
               for p in c["patches"]]
    root = make_tree(tmp_path, patches)
    with pytest.raises(ContentError) as err:
        load_ruleset("house", root / "content", root)
    files = {p.file for p in err.value.problems}
    assert files == {"content/items.yaml", "content/rooms.yaml", "content/characters.yaml",
                     "content/haunt_chart.yaml", "content/events.yaml", "content/haunts.yaml"}
    fields = {p.field for p in err.value.problems}
    assert {"items[0].attack_trait", "rooms[5].windows[0]", "haunts[1].traitor.trait",
            "characters[0].sides[0].traits.might.track[6]",
            "haunt_chart.cells.crypt.old_dog", "events[2].effect[1].roll.outcomes[1]"} <= fields


def test_a_ruleset_with_no_files_is_an_error(tmp_path):
    with pytest.raises(ContentError) as err:
        load_ruleset("house", tmp_path / "nothing", tmp_path)
    assert "no content files" in str(err.value)
