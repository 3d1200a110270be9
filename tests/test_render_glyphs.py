"""Every character used in any text has a glyph in its locale's font (no
tofu boxes): content YAML, the glossary overrides and the fixed labels."""
from pathlib import Path

import opencc
import yaml

from rulesets.house.kinds.model import LOCALES
from pipeline.render import glyphs

ROOT = Path(__file__).resolve().parents[1]


def localized_strings():
    """(locale, text) for every locale map in the content and labels. A
    zh-Hant the YAML leaves out is converted, as the content loader does."""
    s2t = opencc.OpenCC("s2twp")
    out = []

    def walk(node):
        if isinstance(node, dict):
            if "zh-Hans" in node or "en" in node:
                for loc in LOCALES:
                    for text in glyphs.strings(node.get(loc, [])):
                        out.append((loc, text))
                if "zh-Hant" not in node:
                    for text in glyphs.strings(node.get("zh-Hans", [])):
                        out.append(("zh-Hant", s2t.convert(text)))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    paths = [*ROOT.glob("rulesets/*/content/*.yaml"), *ROOT.glob("layouts/*.yaml"),
             *ROOT.glob("rulesets/*/layouts/*.yaml"), *ROOT.glob("rulesets/*/words.yaml"), ROOT / "kit/words.yaml"]
    for p in paths:
        if p.is_file():
            walk(yaml.safe_load(p.read_text(encoding="utf-8")))
    for glossary in [ROOT / "kit/glossary.yaml", *ROOT.glob("rulesets/*/glossary.yaml")]:
        for term in (yaml.safe_load(glossary.read_text(encoding="utf-8")) or {}).get("terms", []):
            out.append(("zh-Hans", term["hans"]))
            out.append(("zh-Hant", term["hant"]))
    return out


def test_font_has_every_character_used():
    texts = localized_strings()
    assert len(texts) > 50
    problems = {}
    for loc in LOCALES:
        m = glyphs.missing(loc, [t for l, t in texts if l == loc])
        if m:
            problems[loc] = glyphs.describe(m)
    assert problems == {}
