"""Typed content objects: the one shape every later stage reads.

The YAML in rulesets/house/content/ is loaded into these classes by the
house readers (`rulesets.house.kinds`) through `pipeline.content.loader`. Rule-bearing fields are plain data here so the
engine never has to read prose. `Where` records the file and line each object
came from, so any later stage (renderer overflow, save emitter) can still
report `file:line` for a content problem.

Effects are kept as normalized dicts (see `rulesets.house.kinds.steps`) because
they are a small tree-shaped language the engine interprets; typing every
node would only duplicate that module's schema.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kit.words import AUTHORED_LOCALES, LOCALES  # noqa: F401  (re-exported for the house build)
from pipeline.content.context import Where

from ..game import DECKS, FLOORS, MENTAL, PHYSICAL, SIDES, TRAITS  # noqa: F401  (re-exported for the build)
from ..steps import CARD_FLAGS
ICONS = ("event", "item", "omen", "none")
SPECIAL_KINDS = (
    "chute",            # R-SPECIAL-1
    "unstable_floor",   # R-SPECIAL-2
    "crossing",         # R-SPECIAL-3
    "leaving_check",    # R-SPECIAL-4
    "boon",             # R-SPECIAL-5
    "locked_store",     # R-SPECIAL-6
    "elevator",         # R-SPECIAL-7
    "drop_through",     # R-SPECIAL-8
    "hazard",           # R-SPECIAL-9
)

# A text in every locale: {"zh-Hans": ..., "zh-Hant": ..., "en": ...}.
Text = dict[str, str]


@dataclass
class StartPlacement:
    """Where a starting room lies: its floor and grid cell (R-SETUP-1)."""
    floor: str
    x: int
    y: int
    rotation: int = 0


@dataclass
class Link:
    """A non-door connection (a staircase) between two rooms; two-way."""
    to: str
    kind: str = "stairs"


@dataclass
class Special:
    """A special-room mechanic (R-SPECIAL-1..9) and its numbers.

    `params` keys per kind (all validated by the loader):
      chute: {}
      unstable_floor: trait, target, damage {kind, dice|amount}
      crossing: trait, target
      leaving_check: trait, target, on_fail: "end_movement" | {lose: {trait, steps}}
      boon: traits (list), steps
      locked_store: trait, target, draws [{deck, count}]
      elevator: dice, table {total: floor|"any"|"basement_hurt"}
      drop_through: to (room id), damage {kind, dice|amount} or null
      hazard: damage {kind, dice|amount}
    """
    kind: str
    params: dict[str, Any]


@dataclass
class Room:
    id: str
    name: Text
    floors: list[str]
    doors: list[str]
    windows: list[str]
    icon: str
    text: Text
    art: str
    special: Special | None = None
    start: StartPlacement | None = None
    links: list[Link] = field(default_factory=list)
    where: Where | None = None


@dataclass
class Card:
    """An event, item or omen card.

    For items and omens the flags say what R-ITEM, R-CARD-4/5 and R-FIGHT
    need; events leave them at their defaults.
    """
    id: str
    kind: str                      # event | item | omen
    title: Text
    text: Text
    art: str
    effect: list[dict] = field(default_factory=list)   # on draw
    use: list[dict] = field(default_factory=list)      # active use, once per turn
    stays: bool = CARD_FLAGS["stays"]            # an event that stays with its drawer (R-CARD-1)
    weapon: bool = CARD_FLAGS["weapon"]
    ranged: bool = CARD_FLAGS["ranged"]
    usable_when_defending: bool = CARD_FLAGS["usable_when_defending"]
    attack_trait: str = CARD_FLAGS["attack_trait"]
    attack_dice: int = CARD_FLAGS["attack_dice"]
    tradeable: bool = CARD_FLAGS["tradeable"]
    stealable: bool = CARD_FLAGS["stealable"]
    droppable: bool = CARD_FLAGS["droppable"]
    discard_after_use: bool = CARD_FLAGS["discard_after_use"]
    companion: bool = CARD_FLAGS["companion"]
    traitor_may_ignore: bool = CARD_FLAGS["traitor_may_ignore"]
    trait_bonus: dict[str, int] = field(default_factory=dict)
    where: Where | None = None


@dataclass
class Trait:
    track: list[int]               # 8 values, lowest first; the skull lies below
    start: int                     # 0-based index into track


@dataclass
class CharacterSide:
    name: Text
    age: int
    bio: Text
    traits: dict[str, Trait]       # keys: TRAITS
    art: str = ""                  # this side's portrait; the character's `art` when empty


@dataclass
class Character:
    id: str
    color: str                     # the figure's colour, e.g. "#c0392b"
    art: str
    sides: list[CharacterSide]     # exactly two
    where: Where | None = None


@dataclass
class TraitorRule:
    """Who turns traitor (R-HAUNT-3/4), and whether the others are told.

    rule: revealer | left_of_revealer | highest_trait | lowest_trait |
          oldest | youngest | none
    hidden: the traitor is told privately and revealed later
    (docs/rulesets/haunts.md, "Traitor").
    """
    rule: str
    trait: str | None = None
    except_revealer: bool = False
    hidden: bool = False


@dataclass
class MonsterSpec:
    """A monster kind; how many stand where is a `monsters` setup step."""
    id: str
    name: Text
    traits: dict[str, int]         # fixed values; a missing trait cannot be attacked
    carries_items: bool = False    # R-MONSTER-3: only a haunt lets monsters carry items
    # R-FIGHT-4: traits heroes may attack it with besides Might (a haunt allowing it)
    attackable_with: list[str] = field(default_factory=list)


@dataclass
class TokenKind:
    """A kind of token a haunt places (`tokens` setup step); carried like an item."""
    id: str
    name: Text


@dataclass
class HauntClock:
    """The turn/damage track (R-HAUNT-9): `rounds` advance as the lead's
    turn begins, `hero_damage` with every step of damage a hero takes; at
    `end` the game ends and `winner` wins (`house`: every player loses)."""
    counts: str                    # rounds | hero_damage
    end: int | dict[str, int]      # or one per table size, {"3": n, ..., "6": n}
    winner: str                    # heroes | traitor | house


@dataclass
class Haunt:
    """A haunt scenario (docs/rulesets/haunts.md). `setup`, `rules` and the
    objectives are flat dicts named by their `step`, `rule` or `objective`
    key: closed lists the engine interprets, never prose."""
    id: str
    title: Text
    traitor: TraitorRule
    monsters: list[MonsterSpec]
    tokens: list[TokenKind]
    setup: list[dict]
    rules: list[dict]
    heroes_win: list[dict]         # any one met → heroes win (R-HAUNT-10)
    traitor_wins: list[dict]
    clock: HauntClock
    intro: Text                    # public
    heroes_book: Text              # secret to the traitor (R-HAUNT-7)
    traitor_book: Text | None      # secret to the heroes; None when there is no traitor
    art: str
    where: Where | None = None


@dataclass
class HauntChart:
    """omen × room of the omen's drawing → haunt id (R-HAUNT-2)."""
    omens: list[str]
    rooms: list[str]
    cells: dict[str, dict[str, str]]   # room id -> omen id -> haunt id
    where: Where | None = None


@dataclass
class Ruleset:
    name: str
    rooms: dict[str, Room]
    events: dict[str, Card]
    items: dict[str, Card]
    omens: dict[str, Card]
    characters: dict[str, Character]
    haunts: dict[str, Haunt]
    haunt_chart: HauntChart | None
    terms: dict[str, dict[str, str]]   # trait and floor names: key -> locale -> text
    sources: list[str]             # every content file read, repo-relative

    def cards(self, deck: str) -> dict[str, Card]:
        return {"event": self.events, "item": self.items, "omen": self.omens}[deck]
