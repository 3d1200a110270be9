"""Line breaking for mixed Chinese/Latin card text.

Pillow has no CJK line breaker (its `ImageText.wrap` splits on spaces only),
so the project breaks lines itself, following the *basic* prohibition rules
of W3C "Requirements for Chinese Text Layout" (https://www.w3.org/TR/clreq/):
closing punctuation never starts a line, opening punctuation never ends one.
When a break would violate that, the last character is pulled down with the
punctuation ("push out"). Latin words stay whole; inline icon tokens behave
like one ideograph.

The breaker is pure: it gets a `measure(atom) -> width` function, so tests run
it with character counts and the renderer with real glyph advances.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable

# Must not start a line (CLREQ basic: pause/stop marks, closing brackets and
# quotes, connectors/interpuncts), plus their Latin counterparts.
NO_START = set("，。、；：！？）」』》〉】〕〗〙〛”’·・｝］…‥～" ",.;:!?)]}%'\"»›")
# Must not end a line: opening brackets and quotes.
NO_END = set("（「『《〈【〔〖〘〚“‘｛［" "([{«‹")

TOKEN_RE = re.compile(r":([a-z][a-z0-9_]*):")


@dataclass(frozen=True)
class Atom:
    kind: str   # "char" (one wide character) | "word" (Latin run) | "space" | "icon" | "newline"
    text: str   # the characters; for an icon, its name

    def __repr__(self) -> str:  # compact in test failures
        return f"{self.kind}:{self.text!r}"


def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def tokenize(text: str) -> list[Atom]:
    """Split text into atoms; `:name:` becomes an icon atom."""
    atoms: list[Atom] = []
    word: list[str] = []

    def flush() -> None:
        if word:
            atoms.append(Atom("word", "".join(word)))
            word.clear()

    pos = 0
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        if m:
            flush()
            atoms.append(Atom("icon", m.group(1)))
            pos = m.end()
            continue
        ch = text[pos]
        if ch == "\n":
            flush()
            atoms.append(Atom("newline", ch))
        elif ch in " \t":
            flush()
            atoms.append(Atom("space", " "))
        elif _is_wide(ch):
            flush()
            atoms.append(Atom("char", ch))
        else:
            word.append(ch)
        pos += 1
    flush()
    return atoms


def can_break(before: Atom, after: Atom) -> bool:
    """May a line end after `before` and the next start with `after`?"""
    if before.kind == "space" or after.kind == "space":
        return True
    if before.kind != "icon" and before.text[-1] in NO_END:
        return False
    if after.kind != "icon" and after.text[0] in NO_START:
        return False
    return True


def _strip(line: list[Atom]) -> list[Atom]:
    start, end = 0, len(line)
    while start < end and line[start].kind == "space":
        start += 1
    while end > start and line[end - 1].kind == "space":
        end -= 1
    return line[start:end]


def _trailing_spaces(line: list[Atom], widths: list[float]) -> float:
    w, i = 0.0, len(line) - 1
    while i >= 0 and line[i].kind == "space":
        w += widths[i]
        i -= 1
    return w


def break_atoms(atoms: list[Atom], width: float,
                measure: Callable[[Atom], float]) -> list[list[Atom]]:
    """Greedy fill with push-out. A run with no allowed break that is wider
    than `width` stays on one (overlong) line: the caller sees it overflow."""
    lines: list[list[Atom]] = []
    paragraphs: list[list[Atom]] = [[]]
    for a in atoms:
        if a.kind == "newline":
            paragraphs.append([])
        else:
            paragraphs[-1].append(a)
    for para in paragraphs:
        cur: list[Atom] = []
        ws: list[float] = []          # widths of `cur`, kept alongside it
        total = 0.0
        for atom in para:
            if not cur and atom.kind == "space":
                continue
            w = measure(atom)
            cur.append(atom)
            ws.append(w)
            total += w
            while total - _trailing_spaces(cur, ws) > width:
                cut = _choose_break(cur, ws, width)
                if cut is None:
                    break
                lines.append(_strip(cur[:cut]))
                cur, ws = cur[cut:], ws[cut:]
                while cur and cur[0].kind == "space":
                    cur, ws = cur[1:], ws[1:]
                total = sum(ws)
        lines.append(_strip(cur))
    return lines


def _choose_break(cur: list[Atom], ws: list[float], width: float) -> int | None:
    """The last allowed break whose first part fits; failing that, the first
    allowed break (its first part overflows, the caller shrinks the font)."""
    prefix = [0.0]
    for w in ws:
        prefix.append(prefix[-1] + w)
    allowed = [j for j in range(1, len(cur)) if can_break(cur[j - 1], cur[j])
               and any(a.kind != "space" for a in cur[:j])]
    for j in reversed(allowed):
        if prefix[j] - _trailing_spaces(cur[:j], ws[:j]) <= width:
            return j
    return allowed[0] if allowed else None


def line_text(line: list[Atom]) -> str:
    return "".join(f":{a.text}:" if a.kind == "icon" else a.text for a in line)


def break_text(text: str, width: float,
               measure: Callable[[Atom], float] | None = None) -> list[str]:
    """Convenience for tests and tools: lines as strings (icons as tokens).
    Default measure: wide characters and icons 2, anything else 1 per char."""
    if measure is None:
        def measure(a: Atom) -> float:
            if a.kind in ("icon", "char"):
                return 2
            return len(a.text)
    return [line_text(l) for l in break_atoms(tokenize(text), width, measure)]
