"""The copy-on-touch draft behind every engine's `apply`: the input state is
never changed, and a copy equals what a snapshot restore would give."""
import json

import pytest

from kit.draft import Draft, deep_copy, peek, reading


def test_a_copy_is_equal_and_shares_nothing_mutable():
    src = {"players": {"Red": {"held": ["a"], "traits": {"might": 3}}}, "n": 1, "s": "中文"}
    copy = deep_copy(src)
    assert copy == src
    copy["players"]["Red"]["held"].append("b")
    copy["players"]["Red"]["traits"]["might"] = 0
    assert src["players"]["Red"] == {"held": ["a"], "traits": {"might": 3}}


def test_a_value_json_refuses_is_copied_by_walking_it():
    src = {"by_int": {1: ["x"]}, "big": [2 ** 70]}
    copy = deep_copy(src)
    assert copy == src and copy["by_int"][1] is not src["by_int"][1]


def test_a_draft_copies_what_it_touches_and_shares_the_rest():
    src = {"phase": "explore", "players": {"Red": {"room": "hall"}}, "decks": {"room": ["a", "b"]},
           "rules": {"big": [1, 2, 3]}}
    draft = Draft(src)
    draft["players"]["Red"]["room"] = "foyer"
    new = draft.settle()
    assert src["players"]["Red"]["room"] == "hall" and new["players"]["Red"]["room"] == "foyer"
    assert new["decks"] is src["decks"] and new["rules"] is src["rules"]



def _seats():
    return {"phase": "explore",
            "players": {"Red": {"room": "hall", "held": ["axe"]}, "Blue": {"room": "foyer", "held": []},
                        "Green": {"room": "attic", "held": ["rope"]}},
            "tiles": {"hall": [0, 0, 0, 0], "foyer": [0, 0, 1, 0]},
            "turn": {"seat": "Red"}, "rules": {"big": [1, 2, 3]}}


def test_a_nested_part_copies_only_the_entries_touched():
    """A move changes one seat: only that seat is copied, the others are
    handed over shared, and the settled state holds plain dicts only."""
    src = _seats()
    before = deep_copy(src)
    draft = Draft(src, nested=("players",))
    draft["players"]["Red"]["held"].append("lamp")
    draft["players"]["Red"]["room"] = "foyer"
    new = draft.settle()
    assert type(new) is dict and type(new["players"]) is dict and type(new["players"]["Red"]) is dict
    assert new["players"]["Blue"] is src["players"]["Blue"] and new["players"]["Green"] is src["players"]["Green"]
    assert new["players"]["Red"] is not src["players"]["Red"]
    assert new["players"]["Red"] == {"room": "foyer", "held": ["axe", "lamp"]}
    assert new["tiles"] is src["tiles"] and new["rules"] is src["rules"]
    new["players"]["Red"]["held"].append("key")           # the touched copy is the draft's own
    assert src == before


def test_an_entry_added_to_a_nested_part_stays_out_of_the_source():
    """A placed tile is a new key of a nested part: the source part never
    gets it, the settled one does, and `len` counts it without copying."""
    src = _seats()
    draft = Draft(src, nested=("tiles",))
    tiles = draft["tiles"]
    tiles["attic"] = [1, 0, 0, 0]
    tiles["hall"]                                          # touched but not added: counted once
    assert len(tiles) == 3 and len(draft) == len(src)
    assert "attic" in tiles and "attic" not in src["tiles"]
    new = draft.settle()
    assert "attic" not in src["tiles"] and new["tiles"]["attic"] == [1, 0, 0, 0]
    assert list(new["tiles"]) == ["hall", "foyer", "attic"]
    assert new["tiles"]["foyer"] is src["tiles"]["foyer"]  # len copied nothing
    assert new["tiles"]["hall"] is not src["tiles"]["hall"]


def test_reading_sees_the_drafts_writes_without_copying_the_rest():
    """`reading` is for code that only looks (who stands where): it must
    see this action's writes, yet leave the untouched entries uncopied."""
    src = _seats()
    draft = Draft(src, nested=("players",))
    draft["players"]["Red"]["room"] = "attic"
    seen = reading(draft["players"])
    assert {s: p["room"] for s, p in seen.items()} == {"Red": "attic", "Blue": "foyer", "Green": "attic"}
    assert list(seen) == ["Red", "Blue", "Green"]
    assert seen["Blue"] is src["players"]["Blue"] and seen["Green"] is src["players"]["Green"]
    assert type(draft["players"]) is Draft and draft["players"]._src is src["players"]   # not made whole
    new = draft.settle()
    assert new["players"]["Blue"] is src["players"]["Blue"] and src["players"]["Red"]["room"] == "hall"
    plain = {"Red": {"room": "hall"}}
    assert reading(plain) is plain


def test_peek_gives_the_source_part_until_touched_then_the_copy():
    """`peek` must not copy what it reads, yet must see what the action
    already changed, or a rule would read a stale state."""
    src = _seats()
    draft = Draft(src, nested=("players",))
    assert peek(draft, "turn") is src["turn"] and peek(draft, "players") is src["players"]
    assert peek(draft, "rules") is src["rules"]
    draft["turn"]["seat"] = "Blue"
    assert peek(draft, "turn") is not src["turn"] and peek(draft, "turn") == {"seat": "Blue"}
    assert src["turn"] == {"seat": "Red"}
    draft["players"]["Red"]["room"] = "attic"
    assert peek(draft, "players") is draft["players"] and peek(draft, "players")["Red"]["room"] == "attic"
    assert peek(src, "turn") is src["turn"]
    with pytest.raises(KeyError):
        peek(draft, "no_such_part")


def test_iterating_a_nested_part_makes_it_whole():
    """Code that iterates a nested draft (not through `reading`) may change
    what it gets: every entry it is handed must be a copy."""
    src = _seats()
    before = deep_copy(src)
    draft = Draft(src, nested=("players",))
    draft["players"]["Blue"]["room"] = "hall"
    items = list(draft["players"].items())
    assert [s for s, _ in items] == ["Red", "Blue", "Green"]
    assert all(p is not src["players"][s] for s, p in items)
    for _, p in items:
        p["held"].append("dust")
        p["room"] = "void"
    assert src == before
    new = draft.settle()
    assert type(new["players"]) is dict
    assert all(new["players"][s] is not src["players"][s] for s in src["players"])
    assert new["players"]["Blue"] == {"room": "void", "held": ["dust"]}


def test_atomic_values_are_taken_lazily_but_read_as_before():
    """Scalars are taken on first read, not up front: reads, `in`, `get`
    and a missing key must behave as on the plain state."""
    src = {"phase": "a", "turn_n": 3, "pending": None, "players": {}}
    draft = Draft(src)
    assert "phase" in draft and "pending" in draft and "missing" not in draft
    assert len(draft) == 4
    assert draft["phase"] == "a" and draft["turn_n"] == 3
    assert draft.get("pending", 5) is None and draft.get("missing", 5) == 5 and draft.get("missing") is None
    with pytest.raises(KeyError):
        draft["missing"]
    draft["phase"] = "b"
    draft["turn_n"] += 1
    assert draft.settle() == {"phase": "b", "turn_n": 4, "pending": None, "players": {}}
    assert src == {"phase": "a", "turn_n": 3, "pending": None, "players": {}}

@pytest.fixture(scope="module")
def house():
    from pipeline.content.compile import compile_ruleset
    from pipeline.content.loader import load_ruleset
    return compile_ruleset(load_ruleset("house"))


@pytest.mark.parametrize("seed", range(6))
def test_apply_never_changes_its_input_over_whole_seeded_games(seed, house, monkeypatch):
    """Every action of seeded house games, through the public copying
    `apply`: the state it was given is byte for byte what it was."""
    import rulesets.house.engine as engine
    from rulesets.house.engine.sim import play

    real_apply, checked = engine.apply, []

    def watched(state, action, rng):
        before = json.dumps({k: v for k, v in state.items() if k != "rules"}, sort_keys=True)
        out = real_apply(state, action, rng)
        checked.append(json.dumps({k: v for k, v in state.items() if k != "rules"}, sort_keys=True) == before)
        return out
    monkeypatch.setattr(engine, "apply", watched)
    state, log, _ = play(house, seed, players=3 + seed % 4, turn_cap=60, copying=True)
    assert len(checked) == len(log) > 50 and all(checked)



def _state_json(state):
    return json.dumps({k: v for k, v in state.items() if k != "rules"}, sort_keys=True)


def _drafts_in(value, path="state"):
    """Where a `Draft` is left inside a value (a settled state holds none)."""
    if isinstance(value, Draft):
        return [path]
    found = []
    if type(value) is dict:
        for k, v in value.items():
            if type(v) not in (str, int, float, bool, type(None)):
                found += _drafts_in(v, f"{path}[{k!r}]")
    elif type(value) in (list, tuple):
        for i, v in enumerate(value):
            if type(v) not in (str, int, float, bool, type(None)):
                found += _drafts_in(v, f"{path}[{i}]")
    return found


@pytest.mark.parametrize("seed", range(12))
def test_apply_with_nested_drafts_over_long_seeded_games(seed, house, monkeypatch):
    """Long games (past the haunt) through the public `apply`, which drafts
    seats, decks and tiles entry by entry: the input never changes, a
    refused action (a bad move, an end of turn out of turn) leaves it as it
    was, and no draft leaks into a settled state."""
    import random

    import rulesets.house.engine as engine
    from kit.engine import RuleError
    from rulesets.house.engine.sim import play

    real_apply, calls, problems, probes = engine.apply, [], [], []

    def watched(state, action, rng):
        calls.append(action)
        before = _state_json(state)
        if len(calls) % 10 == 0:
            bad = [{"action": "move", "player": action["player"], "args": {"to": "no_such_room"}}]
            idle = [s for s in state["players"] if s not in engine.to_act(state)]
            if idle:
                bad.append({"action": "end_turn", "player": idle[0], "args": {}})
            for b in bad:
                probe_rng = random.Random()
                probe_rng.setstate(rng.getstate())          # the game itself plays on unprobed
                try:
                    real_apply(state, b, probe_rng)
                    problems.append(f"call {len(calls)}: {b} was not refused")
                except RuleError:
                    probes.append(b["action"])
                if _state_json(state) != before:
                    problems.append(f"call {len(calls)}: refused {b} changed the state")
        new, events = real_apply(state, action, rng)
        if _state_json(state) != before:
            problems.append(f"call {len(calls)}: {action} changed its input")
        leaked = _drafts_in({k: v for k, v in new.items() if k != "rules"})
        if leaked or type(new) is not dict:
            problems.append(f"call {len(calls)}: {action} left drafts at {leaked}")
        if new["rules"] is not state["rules"]:
            problems.append(f"call {len(calls)}: {action} copied the rules")
        return new, events
    monkeypatch.setattr(engine, "apply", watched)
    state, log, _ = play(house, seed, players=3 + seed % 4, turn_cap=150, copying=True)
    assert problems == []
    assert len(calls) == len(log) > 100 and state["haunt"] is not None
    assert "move" in probes and "end_turn" in probes


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_apply_plays_the_same_game_as_stepping_in_place(seed, house):
    """The public `apply` (drafts, peeks, settles) and the simulator's
    in-place step must be one rule set: the same seeded game through each
    takes the same actions and ends in the same state, haunt included."""
    from rulesets.house.engine.sim import play

    copied, copied_log, _ = play(house, seed, players=3 + seed % 4, turn_cap=150, copying=True)
    placed, placed_log, _ = play(house, seed, players=3 + seed % 4, turn_cap=150, copying=False)
    assert copied_log == placed_log and len(placed_log) > 100
    assert placed["haunt"] is not None
    assert _state_json(copied) == _state_json(placed)
