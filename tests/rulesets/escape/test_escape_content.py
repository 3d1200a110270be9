"""The escape content: the real files meet the component list, and a broken
copy is reported as `file:line: field: what is wrong (expected …)`."""
import os
import shutil

import pytest

import rulesets
from kit.info import Dice as DiceInfo
from pipeline.content.compile import compile_ruleset, to_json_bytes
from pipeline.content.errors import ContentError
from pipeline.content.loader import load_ruleset
from rulesets.escape import INFO
from rulesets.escape.steps import normalized
from rulesets.escape.engine.table import normalize

CONTENT = INFO.content_dir


@pytest.fixture(autouse=True, scope="module")
def registered():
    """Until escape is in the registry, the loader finds it through the
    registry's environment variable."""
    old = os.environ.get("HAUNTKIT_RULESETS")
    if "escape" not in rulesets.RULESETS:
        os.environ["HAUNTKIT_RULESETS"] = ",".join(filter(None, [old, "escape=rulesets.escape"]))
    yield
    if old is None:
        os.environ.pop("HAUNTKIT_RULESETS", None)
    else:
        os.environ["HAUNTKIT_RULESETS"] = old


@pytest.fixture(scope="module")
def escape():
    return load_ruleset("escape")


def fresh(tmp_path):
    """A copy of the real content in tmp_path/content."""
    folder = tmp_path / "content"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(CONTENT, folder)
    return folder


def broken(tmp_path, file, old, new):
    """The problems of a copy of the content with one text replaced."""
    folder = fresh(tmp_path)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_ruleset("escape", folder, tmp_path)
    return [str(p) for p in err.value.problems]


def test_E_KIT_1_five_characters_with_stamina_and_one_skill_as_data(escape):
    assert len(escape.characters) == 5
    skills = {c.id: c.skill for c in escape.characters.values()}
    assert skills["resident"].when == "explore" and skills["resident"].steps[0]["op"] == "scout"
    assert escape.characters["resident"].hide_draws == 2
    assert skills["reporter"].when == "end" and skills["reporter"].score == {"per": "infected_eliminated", "vp": 2}
    assert all(c.stamina >= 1 for c in escape.characters.values())


def test_E_KIT_1_fewer_than_five_characters_is_a_problem(tmp_path):
    problems = broken(tmp_path, "characters.yaml", "  - id: agent", "  - id: agent\n    unknown_field: 1")
    assert any("characters.yaml:" in p and "unknown field" in p for p in problems)
    folder = tmp_path / "content"
    text = (folder / "characters.yaml").read_text(encoding="utf-8")
    (folder / "characters.yaml").write_text(text[:text.index("  - id: agent")], encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_ruleset("escape", folder, tmp_path)
    assert any("4 character(s) (expected at least 5" in str(p) for p in err.value.problems)


def test_E_KIT_2_six_infected_cards_with_elimination_conditions_that_items_can_meet(escape, tmp_path):
    assert len(escape.infected) == 6
    assert all(i.hit_by and i.hits >= 1 for i in escape.infected.values())
    problems = broken(tmp_path, "infected.yaml", "hit_by: [firearm, electric]", "hit_by: [laser]")
    assert any("infected.yaml:" in p and "unknown tag 'laser'" in p for p in problems)
    problems = broken(tmp_path, "infected.yaml", "hit_by: [firearm, blunt]\n    hits: 3",
                      "hit_by: [electric]\n    hits: 5")
    assert any("2 item(s) tagged electric for 5 hit(s)" in p for p in problems)


def test_E_KIT_3_sixty_items_of_three_kinds_and_fields_that_fit_the_kind(escape, tmp_path):
    kinds = [i.kind for i in escape.items.values()]
    assert len(kinds) == 60 and set(kinds) == {"instant", "equipment", "valuable"}
    assert all(i.vp > 0 for i in escape.items.values() if i.kind == "valuable")
    problems = broken(tmp_path, "items.yaml", "    text: {zh-Hans: 值3胜利分数。, en: Worth 3 VP.}\n    vp: 3\n",
                      "    text: {zh-Hans: 值3胜利分数。, en: Worth 3 VP.}\n")
    assert any(p.startswith("content/items.yaml:") and ".vp: missing or 0" in p for p in problems)
    problems = broken(tmp_path, "items.yaml", "    tags: [blunt]\n    defence: 1\n",
                      "    tags: [blunt]\n    defence: 1\n    use: [{stamina: {amount: 1}}]\n")
    assert any("items[" in p and ".use: a equipment card has no use" in p for p in problems)
    problems = broken(tmp_path, "items.yaml", "use: [{stamina: {amount: 2}}]", "use: [{stamina: {amout: 2}}]")
    assert any("stamina.amout: unknown field; did you mean 'amount'?" in p for p in problems)
    assert any("stamina.amount: missing required field" in p for p in problems)


def test_E_KIT_4_fifty_explore_cards_with_at_least_four_stairs_up(escape, tmp_path):
    kinds = [e.kind for e in escape.explore.values()]
    assert len(kinds) == 50 and set(kinds) == {"event", "revelation", "advance"}
    assert sum(e.stairs for e in escape.explore.values()) >= 4
    assert {e.place for e in escape.explore.values() if e.kind == "revelation"} >= {"front", "end", "drawer"}
    folder = fresh(tmp_path)
    text = (folder / "explore.yaml").read_text(encoding="utf-8")
    (folder / "explore.yaml").write_text(text.replace("    stairs: true\n", "", 2), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_ruleset("escape", folder, tmp_path)
    assert any("3 stairs up (expected at least 4" in str(p) for p in err.value.problems)
    problems = broken(tmp_path, "explore.yaml", "    place: front\n", "")
    assert any(".place: missing required field" in p for p in problems)
    problems = broken(tmp_path, "explore.yaml", "            - {min: 4, then: [nothing]}", "")
    assert any("faces 4..6 have no outcome" in p for p in problems)


def test_E_KIT_5_one_six_sided_die():
    assert INFO.dice == DiceInfo(faces=(1, 2, 3, 4, 5, 6), count=1) and INFO.players == (2, 5)
    assert INFO.rule_prefix == "E-" and INFO.decks == ("item", "explore", "infected", "character")


def test_settings_and_terms_files_are_required(tmp_path):
    folder = fresh(tmp_path)
    (folder / "settings.yaml").unlink()
    with pytest.raises(ContentError) as err:
        load_ruleset("escape", folder, tmp_path)
    assert any(p.field == "settings" and "no settings" in p.message for p in err.value.problems)
    problems = broken(tmp_path, "settings.yaml", "  vp_kill: 0 ", "  vp_kill: -1 ")
    assert any("settings.vp_kill: got -1" in p for p in problems)


def test_zh_hant_is_converted_with_the_escape_glossary(escape):
    peaches = escape.items["canned_peaches"].text
    assert peaches["zh-Hans"] == "恢复1点体力。" and peaches["zh-Hant"] == "恢復1點體力。"
    assert escape.items["antiviral_shot"].text["zh-Hant"].endswith("啟示牌。")


def test_compiled_content_is_deterministic_and_every_step_is_complete(escape):
    data = compile_ruleset(escape)
    assert to_json_bytes(data) == to_json_bytes(compile_ruleset(load_ruleset("escape")))
    assert set(data) >= {"characters", "infected", "items", "explore", "settings", "terms"}
    rules = normalize(data)

    def walk(steps):
        for step in steps:
            assert normalized(step) == step
            for o in step.get("outcomes") or []:
                walk(o["then"])
    for card in list(data["items"].values()) + list(data["explore"].values()):
        walk(card.get("use") or card.get("steps") or [])
    assert rules["items"] == data["items"] and rules["explore"] == data["explore"]


def test_stats_meet_the_targets(escape):
    from pipeline.content.loader import content_spec
    lines = content_spec("escape").stats(escape)
    assert lines[0].startswith("escape: characters 5, infected 6, items 60, explore 50")
    assert lines[-1] == "  targets: met"
