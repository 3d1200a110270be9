"""The card-step vocabulary is one table (rulesets/house/steps.py) that the
content validator and the engine both read: the same ops, the same fields,
the same defaults."""
from __future__ import annotations

import dataclasses

from rulesets.house import steps
from rulesets.house.engine import effects
from rulesets.house.engine.content import norm_steps
from rulesets.house.kinds import model
from rulesets.house.kinds import steps as validator


def test_the_validator_reads_exactly_the_vocabularys_ops_and_fields():
    assert set(validator.OPS) == set(steps.STEPS)
    for op, (allowed, _) in validator.OPS.items():
        assert allowed == tuple(steps.STEPS[op]), op


def test_the_engine_implements_every_step_of_the_vocabulary():
    public = {op for op in effects.OPS if not op.startswith("_")}
    assert set(steps.STEPS) <= public
    effects.check_vocabulary()


def test_defaults_come_from_the_vocabulary_for_compiled_and_hand_written_steps():
    compiled = [{"op": "draw", "deck": "item", "count": None},
                {"op": "lasting", "trait": "speed", "dice": 1, "until": None}]
    hand = [{"draw": {"deck": "item"}}, {"lasting": {"trait": "speed", "dice": 1}}]
    assert norm_steps(compiled) == norm_steps(hand) == [
        {"op": "draw", "deck": "item", "count": 1},
        {"op": "lasting", "trait": "speed", "dice": 1, "until": "end_of_turn"}]


def test_card_flag_defaults_are_the_vocabularys_in_the_content_model_too():
    fields = {f.name: f.default for f in dataclasses.fields(model.Card)}
    assert {k: fields[k] for k in steps.CARD_FLAGS} == steps.CARD_FLAGS
