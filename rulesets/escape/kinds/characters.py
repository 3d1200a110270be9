"""Characters: stamina and one skill, as data (E-KIT-1).

A skill is used as the optional action (`when: free`), while exploring in
place of the plain draw (`when: explore`, the resident's, E-MEMBER-3), or
scores at the end (`when: end`, the reporter's, E-END-3). Which fields a
skill needs follows from `when`, and is checked here.
"""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context, art_field, where_of
from pipeline.content.fields import At, Fields
from pipeline.content.texts import text_field

from ..steps import playable_in
from .model import SCORE_PER, SKILL_LIMIT, SKILL_WHEN, Character, Skill
from .steps import check_steps


def _score(at: At, value: Any) -> dict | None:
    f = Fields(at, value, ("per", "vp"))
    if not f.ok:
        return None
    per = f.enum("per", SCORE_PER, "score basis")
    vp = f.int("vp", minimum=1, maximum=10)
    f.close()
    return None if None in (per, vp) else {"per": per, "vp": vp}


def _skill(at: At, value: Any, ctx: Context) -> Skill | None:
    f = Fields(at, value, ("name", "text", "when", "limit", "steps", "score"))
    if not f.ok:
        return None
    name, text = text_field(f, "name"), text_field(f, "text")
    when = f.enum("when", SKILL_WHEN, "skill timing")
    limit = f.enum("limit", SKILL_LIMIT, "skill limit", required=False, default="round")
    steps = check_steps(f.at_key("steps"), f.data.get("steps"), ctx)
    score = _score(f.at_key("score"), f.data["score"]) if f.has("score") else None
    f.close()
    if when == "end":
        if f.has("steps"):
            f.at_key("steps").error("an end-of-game skill only scores (expected score, no steps)")
        if not f.has("score"):
            at.key("score", at.line).error("missing required field (expected {per, vp} for a skill used at the end)")
    elif when is not None:
        if f.has("score"):
            f.at_key("score").error(f"only a skill used at the end scores (expected no score with when: {when})")
        if not steps and not f.has("steps"):
            at.key("steps", at.line).error(f"missing required field (expected the steps of a {when} skill)")
        elif steps and not playable_in(steps, "explore"):
            f.at_key("steps").error("skills are used in phase 1 (expected no phase-2 step)")
    if None in (name, text, when, limit):
        return None
    return Skill(name=name, text=text, when=when, limit=limit, steps=steps, score=score)


def read_character(at: At, data: Any, ctx: Context) -> Character | None:
    f = Fields(at, data, ("id", "name", "role", "bio", "art", "stamina", "hide_draws", "skill"))
    if not f.ok:
        return None
    char_id = f.id()
    name, role, bio = text_field(f, "name"), text_field(f, "role"), text_field(f, "bio")
    art = art_field(f)
    stamina = f.int("stamina", minimum=1, maximum=8)
    hide_draws = f.int("hide_draws", required=False, default=1, minimum=1, maximum=3)
    skill = _skill(f.at_key("skill"), f.data["skill"], ctx) if f.require("skill", "expected {name, text, when, …}") \
        else None
    f.close()
    if None in (char_id, name, role, bio, art, stamina, hide_draws, skill):
        return None
    return Character(id=char_id, name=name, role=role, bio=bio, stamina=stamina, skill=skill,
                     hide_draws=hide_draws, art=art, where=where_of(at))
