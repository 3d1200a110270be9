"""The item tags (`terms: {tags: …}`): what an item counts as against an
infected card's elimination condition (利器 blade, 火焰 fire…), each named in
every locale for the cards. The table's other words are the ruleset's word
catalog (rulesets/escape/words.yaml)."""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context
from pipeline.content.fields import At, Fields, check_id
from pipeline.content.texts import check_text


def read_terms(at: At, data: Any, ctx: Context) -> dict | None:
    f = Fields(at, data, ("tags",))
    if not f.ok:
        return None
    tags = {}
    if f.require("tags", "expected a map of tag: {zh-Hans, en}"):
        sub = Fields(f.at_key("tags"), f.data["tags"], ())
        for name, value in sub.data.items():
            tag_at = sub.at_key(name)
            if check_id(tag_at, name) is not None and (text := check_text(tag_at, value)) is not None:
                tags[name] = text
        if sub.ok and not sub.data:
            sub.at.error("no tags (expected the tags items and infected cards name)")
    f.close()
    return {"tags": tags}
