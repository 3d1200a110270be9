"""The house's haunts as a set, and the chart that picks them, on the
repository's own content (R-HAUNT-2, R-HAUNT-3, R-HAUNT-10): enough haunts,
each its own game, the kinds of game the rules allow all present, and a
chart whose every cell leads to one of them and every haunt reachable."""
import json
from collections import Counter
from functools import lru_cache

from pipeline.content.loader import load_ruleset


@lru_cache(maxsize=1)
def ruleset():
    return load_ruleset("house")


def side(objectives) -> frozenset:
    """A side's objectives, kinds and parameters, in any order."""
    return frozenset(json.dumps(o, sort_keys=True) for o in objectives)


def kinds(haunt) -> set:
    return {o["objective"] for o in haunt.heroes_win + haunt.traitor_wins}


def test_there_are_at_least_twenty_haunts_each_its_own_pair_of_objectives_R_HAUNT_10():
    """R-HAUNT-10: a side wins by its own objectives; two haunts with the
    same pair (kinds and parameters both) would be one game retitled."""
    haunts = ruleset().haunts
    assert len(haunts) >= 20
    pairs = Counter((side(h.heroes_win), side(h.traitor_wins)) for h in haunts.values())
    assert [p for p, n in pairs.items() if n > 1] == []


def test_the_set_holds_every_kind_of_game_R_HAUNT_3_R_HAUNT_10():
    """R-HAUNT-3: some haunts have no traitor and some hide theirs;
    R-HAUNT-10: some are won by a rite or by carrying something, not only
    by a fight."""
    haunts = list(ruleset().haunts.values())
    assert sum(h.traitor.rule == "none" for h in haunts) >= 3
    assert sum(h.traitor.hidden for h in haunts) >= 2
    assert sum(bool(kinds(h) & {"ritual", "carry"}) for h in haunts) >= 4


def test_every_chart_cell_names_a_haunt_of_the_set_R_HAUNT_2():
    """R-HAUNT-2: every omen × every room where omens are drawn has a haunt."""
    rs = ruleset()
    chart = rs.haunt_chart
    omen_rooms = {r.id for r in rs.rooms.values() if r.icon == "omen"}
    assert set(chart.omens) == set(rs.omens) and set(chart.rooms) == omen_rooms
    for room in chart.rooms:
        for omen in chart.omens:
            assert chart.cells[room][omen] in rs.haunts, (room, omen)


def test_every_haunt_is_reachable_from_three_cells_R_HAUNT_2():
    rs = ruleset()
    cells = Counter(h for row in rs.haunt_chart.cells.values() for h in row.values())
    assert {h: cells[h] for h in rs.haunts if cells[h] < 3} == {}


def test_no_two_chart_rows_and_no_two_columns_are_the_same_R_HAUNT_2():
    """R-HAUNT-2: both the room and the omen matter; a row or a column
    repeating another would make one of them not matter there."""
    chart = ruleset().haunt_chart
    rows = [tuple(chart.cells[r][o] for o in chart.omens) for r in chart.rooms]
    cols = [tuple(chart.cells[r][o] for r in chart.rooms) for o in chart.omens]
    assert len(set(rows)) == len(rows) and len(set(cols)) == len(cols)
