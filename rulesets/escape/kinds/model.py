"""Typed escape content: the shape the readers produce and the compiler
writes out. Rule-bearing fields are plain data (a skill's steps, an
infected card's elimination condition, where a revelation goes), so the
engine never reads prose; `where` keeps the file and line for later stages.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.content.context import Where

Text = dict[str, str]

ITEM_KINDS = ("instant", "equipment", "valuable")                 # E-KIT-3
EXPLORE_KINDS = ("event", "revelation", "advance")                # E-KIT-4
PLACES = ("front", "end", "drawer", "chosen", "ahead", "behind")  # E-EXPLORE-1
SKILL_WHEN = ("free", "explore", "end")     # the optional action / while exploring / at the end
SKILL_LIMIT = ("round", "game")
SCORE_PER = ("game", "infected_eliminated", "valuable_in_hand", "phase_2")


@dataclass
class Skill:
    name: Text
    text: Text
    when: str
    limit: str = "round"
    steps: list[dict] = field(default_factory=list)
    score: dict | None = None            # {per, vp}, for when: end


@dataclass
class Character:
    id: str
    name: Text
    role: Text
    bio: Text
    stamina: int
    skill: Skill
    art: str = ""                        # its portrait (art/icons/<name>.svg)
    hide_draws: int = 1                  # explore cards drawn to hide (the resident: 2, E-ADJ-4)
    where: Where | None = None


@dataclass
class Infected:
    """E-KIT-2: which item tags hit it, and how many hits eliminate it."""
    id: str
    name: Text
    text: Text
    hit_by: list[str]
    hits: int
    art: str = ""
    where: Where | None = None


@dataclass
class Item:
    id: str
    kind: str
    title: Text
    text: Text
    tags: list[str] = field(default_factory=list)
    use: list[dict] = field(default_factory=list)      # an instant's steps
    defence: int = 0                                   # equipment
    vp: int = 0                                        # valuables
    art: str = ""                                      # its picture (art/icons/<name>.svg)
    where: Where | None = None


@dataclass
class ExploreCard:
    id: str
    kind: str
    title: Text
    text: Text
    steps: list[dict] = field(default_factory=list)
    place: str | None = None           # revelations only
    stairs: bool = False               # advances only: a "stairs up"
    swap: bool = True                  # advances only: false when the card says it does not swap (E-AUTH-1)
    art: str = ""
    where: Where | None = None


@dataclass
class Escape:
    name: str
    sources: list[str]
    characters: dict[str, Character]
    infected: dict[str, Infected]
    items: dict[str, Item]
    explore: dict[str, ExploreCard]
    settings: dict | None
    terms: dict
