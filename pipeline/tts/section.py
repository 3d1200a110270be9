"""Writing the `tts` section into the compiled content.

The compiled content belongs to the content stage; this stage only adds one
key. To keep every other byte as the content stage wrote it, the file's own
JSON formatting is recognised (indent, key order, escaping) and reused; the
section is then set and the file replaced atomically.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..atomic import write_if_changed

KEY = "tts"


def without_tts(content: dict) -> dict:
    return {k: v for k, v in content.items() if k != KEY}


def _formats():
    # The content stage's own format (sorted, indent 1, UTF-8, newline) first:
    # each candidate is a full dump of the content, and that one always fits.
    for sort_keys in (True, False):
        for indent in (1, 2, None, 4):
            for ensure_ascii in (False, True):
                for newline in ("\n", ""):
                    seps = (",", ": ") if indent is not None else (",", ":")
                    yield dict(sort_keys=sort_keys, indent=indent, ensure_ascii=ensure_ascii,
                               separators=seps), newline
                    if indent is None:
                        yield dict(sort_keys=sort_keys, indent=None, ensure_ascii=ensure_ascii,
                                   separators=(", ", ": ")), newline


def detect_format(text: str, doc: dict) -> tuple[dict, str]:
    """The json.dumps options that reproduce `text` from `doc` exactly."""
    for opts, newline in _formats():
        if json.dumps(doc, **opts) + newline == text:
            return opts, newline
    return dict(sort_keys=True, indent=2, ensure_ascii=False, separators=(",", ": ")), "\n"


def render(text: str, tts: dict) -> str:
    doc = json.loads(text)
    opts, newline = detect_format(text, doc)
    if not opts["sort_keys"] and KEY in doc:
        doc[KEY] = tts                       # keep its place in an unsorted file
    else:
        doc = {**without_tts(doc), KEY: tts}
    return json.dumps(doc, **opts) + newline


def write(path: Path, tts: dict) -> bool:
    text = Path(path).read_text(encoding="utf-8")
    return write_if_changed(path, render(text, tts))
