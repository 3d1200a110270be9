"""Item, explore and infected cards.

The fields that carry rules are checked against each other here: only an
instant has steps to use, only equipment a defence, only a valuable VP
(E-KIT-3); only a revelation says where it goes, only an advance may be a
stairs up or refuse the swap (E-KIT-4, E-EXPLORE-3). Tags (what an item
counts as against an infected card, E-KIT-2) must be named in the terms.
"""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context, art_field, where_of
from pipeline.content.fields import At, Fields, check_id
from pipeline.content.texts import text_field

from ..steps import playable_in
from .model import EXPLORE_KINDS, ITEM_KINDS, PLACES, ExploreCard, Infected, Item
from .steps import check_steps


def tag_list(f: Fields, key: str, ctx: Context, required: bool = False) -> list[str]:
    """A list of tags, each declared under `tags:` in the terms (checked
    once every file is read)."""
    items, ats = f.list(key, required=required, expected="expected a list of tags, e.g. [blade, fire]")
    out = []
    for value, at in zip(items, ats):
        tag = check_id(at, value)
        if tag is None:
            continue
        if tag in out:
            at.error(f"repeated tag '{tag}' (expected each at most once)")
            continue
        out.append(tag)
        ctx.later(lambda content, at=at, tag=tag: _known_tag(at, tag, content))
    return out


def _known_tag(at: At, tag: str, content) -> None:
    tags = (content.terms or {}).get("tags") or {}
    if tags and tag not in tags:
        at.error(f"unknown tag '{tag}' (expected one of the tags in the terms: {', '.join(sorted(tags))})")


def read_item(at: At, data: Any, ctx: Context) -> Item | None:
    f = Fields(at, data, ("id", "kind", "title", "text", "art", "tags", "use", "defence", "vp"))
    if not f.ok:
        return None
    item_id = f.id()
    kind = f.enum("kind", ITEM_KINDS, "item kind")
    title, text = text_field(f, "title"), text_field(f, "text")
    art = art_field(f)
    tags = tag_list(f, "tags", ctx)
    use = check_steps(f.at_key("use"), f.data.get("use"), ctx)
    defence = f.int("defence", required=False, default=0, minimum=0, maximum=3)
    vp = f.int("vp", required=False, default=0, minimum=0, maximum=10)
    f.close()
    if kind != "instant" and f.has("use"):
        f.at_key("use").error(f"a {kind} card has no use (expected use only on an instant, E-KIT-3)")
    if kind == "instant" and not use and not tags and not f.has("use"):
        at.error("an instant with neither a use nor a tag does nothing (expected use: [...] or tags)")
    if kind != "equipment" and defence:
        f.at_key("defence").error(f"a {kind} card gives no defence (expected defence only on equipment)")
    if kind != "valuable" and vp:
        f.at_key("vp").error(f"a {kind} card is worth no VP (expected vp only on a valuable, E-KIT-3)")
    if kind == "valuable" and not vp:
        at.key("vp", at.line).error("missing or 0 (expected a valuable's VP, 1 or more)")
    if use and not (playable_in(use, "explore") or playable_in(use, "fight")):
        f.at_key("use").error("steps of phase 1 and phase 2 only together: the card could never be played "
                              "(expected steps that all work in one phase)")
    if None in (item_id, kind, title, text, art, defence, vp):
        return None
    return Item(id=item_id, kind=kind, title=title, text=text, tags=tags, use=use, defence=defence, vp=vp,
                art=art, where=where_of(at))


def read_explore(at: At, data: Any, ctx: Context) -> ExploreCard | None:
    f = Fields(at, data, ("id", "kind", "title", "text", "art", "steps", "place", "stairs", "swap"))
    if not f.ok:
        return None
    card_id = f.id()
    kind = f.enum("kind", EXPLORE_KINDS, "explore card kind")
    title, text = text_field(f, "title"), text_field(f, "text")
    art = art_field(f)
    steps = check_steps(f.at_key("steps"), f.data.get("steps"), ctx)
    place = f.enum("place", PLACES, "placement", required=kind == "revelation")
    stairs = f.bool("stairs", False)
    swap = f.bool("swap", True)
    f.close()
    if kind != "revelation" and f.has("place"):
        f.at_key("place").error(f"only a revelation is placed (expected no place on an {kind}, E-EXPLORE-1)")
    for flag in ("stairs", "swap"):
        if kind != "advance" and f.has(flag):
            f.at_key(flag).error(f"only an advance card has {flag} (expected no {flag} on a {kind}, E-EXPLORE-3)")
    if steps and not playable_in(steps, "explore"):
        f.at_key("steps").error("a phase-2 step on an explore card never runs (explore cards resolve in phase 1)")
    if None in (card_id, kind, title, text, art) or (kind == "revelation" and place is None):
        return None
    return ExploreCard(id=card_id, kind=kind, title=title, text=text, steps=steps, place=place, stairs=stairs,
                       swap=swap, art=art, where=where_of(at))


def read_infected(at: At, data: Any, ctx: Context) -> Infected | None:
    f = Fields(at, data, ("id", "name", "text", "art", "hit_by", "hits"))
    if not f.ok:
        return None
    card_id = f.id()
    name, text = text_field(f, "name"), text_field(f, "text")
    art = art_field(f)
    hit_by = tag_list(f, "hit_by", ctx, required=True)
    hits = f.int("hits", minimum=1, maximum=5)
    f.close()
    if f.has("hit_by") and not hit_by and isinstance(f.data.get("hit_by"), list):
        f.at_key("hit_by").error("empty (expected the tags of the items that hit it, at least one, E-KIT-2)")
    if None in (card_id, name, text, art, hits) or not hit_by:
        return None
    return Infected(id=card_id, name=name, text=text, hit_by=hit_by, hits=hits, art=art, where=where_of(at))
