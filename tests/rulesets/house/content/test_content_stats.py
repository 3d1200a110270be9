"""`stats` counts and the house targets (the issue's numbers)."""
from pathlib import Path

from pipeline.content.loader import load_ruleset
from rulesets.house.kinds.stats import collect, format_stats, house_shortfalls

BASE = Path(__file__).parent / "fixtures" / "base"


def test_counts_of_the_base_fixture():
    s = collect(load_ruleset("house", BASE / "content", BASE))
    assert (s["rooms"], s["starting"], s["events"], s["items"], s["omens"]) == (16, 5, 3, 3, 2)
    assert s["per_icon"] == {"event": 2, "item": 3, "omen": 3, "none": 8}
    assert s["doors"] == {1: 5, 2: 4, 3: 2, 4: 5}
    assert all(n == 1 for n in s["specials"].values())
    assert s["item_flags"] == {"weapons": 2, "ranged": 1, "defending": 1, "companions": 0}
    assert s["chart_cells"] == 6


def test_small_content_falls_short_of_the_house_targets():
    s = collect(load_ruleset("house", BASE / "content", BASE))
    short = house_shortfalls(s)
    assert "rooms 16 < 47" in short and "omen-icon rooms 3 < 13" in short
    assert "companion omens 1 < 3" in short and "events 3 < 45" in short
    assert "character sides 2 < 12" in short
    assert not any(line.startswith("no ") for line in short)      # every special kind present


def test_the_targets_line_says_what_is_short():
    rs = load_ruleset("house", BASE / "content", BASE)
    assert format_stats(rs)[-1].startswith("  targets: NOT met: rooms 16 < 47")
    assert load_ruleset("house").name == "house"
    assert format_stats(load_ruleset("house"))[-1] == "  targets: met"
