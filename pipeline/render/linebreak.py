"""Line breaking and justification for mixed Chinese/Latin card text.

Pillow has no CJK line breaker (its `ImageText.wrap` splits on spaces only),
so the project sets lines itself, after W3C "Requirements for Chinese Text
Layout" (clreq, https://www.w3.org/TR/clreq/):

- kinsoku both ways: closing punctuation, pause/stop marks and (strict
  level) the two-em dash and ellipsis never start a line; opening
  punctuation never ends one;
- punctuation width adjustment first: adjacent full-width marks give up
  their blank halves ("：“", "）；", "。”" set in 1.5 em, not 2), and a
  closing mark at a line end may drop its blank half ("push in") before the
  character before it is pulled down ("push out");
- "——" and "……" are one unbreakable two-em unit, measured as drawn;
- a number stays with its unit or icon ("1点:token:"), a short quotation
  stays on one line, and a paragraph never ends on a one-character line;
- CJK lines are justified (the last line of a paragraph is not).

Latin text keeps words whole, a number stays with the word after it
("take 2 mental damage" never breaks after "2") and a paragraph never ends
on a single word. Inline icons behave like one ideograph, together with
the word written beside them.

The breaker is pure: it gets a `Metrics` (width and removable blank of an
atom), so tests run it with character counts and the renderer with real
glyph advances.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, Iterable, Protocol

from kit.markup import TOKEN_RE, Span, parse

# Must not start a line (clreq basic: pause/stop marks, closing brackets and
# quotes, connectors/interpuncts; strict: the two-em dash and ellipsis),
# plus their Latin counterparts.
NO_START = set("，。、；：！？）」』》〉】〕〗〙〛”’·・｝］…‥～—" ",.;:!?)]}%'\"»›")
# Must not end a line: opening brackets and quotes.
NO_END = set("（「『《〈【〔〖〘〚“‘｛［" "([{«‹")
# Full-width marks whose blank half may be squeezed (punctuation compression).
PUNCT = set("，。、；：！？（）「」『』《》〈〉【】〔〕〖〗“”‘’·・｛｝［］")
OPEN_QUOTES = {"“": "”", "「": "」", "『": "』", "‘": "’"}
SHORT_QUOTE = 6          # a quotation of at most this many atoms is kept on one line
# Measure words that follow a number: "1点", "2颗", "3張" never split.
UNITS = set("点點颗顆张張个個次格枚名步层層回轮輪级級倍份只隻块塊")
# Ambiguous-width characters drawn full width in CJK text.
CJK_WIDE = set("“”‘’—…·")
NUMBER_RE = re.compile(r"^[+\-−–]?\d+([–-]\d+)?\+?:?$")   # 2, +1, 4+:, 0–3: (not "2," or "2.")
UNBREAKABLE = ("——", "……")
LOOSEST = 0.35          # widest justification gap, in ems; looser lines stay ragged


@dataclass(frozen=True)
class Atom:
    kind: str            # "char" (one wide unit) | "word" (Latin run) | "space" | "icon" | "newline"
    text: str            # the characters; for an icon, its token name
    style: str = "body"
    label: str = ""      # icon: the word written beside it
    group: int = 0       # >0: inside a short quotation, no break within

    def __repr__(self) -> str:  # compact in test failures
        return f"{self.kind}:{self.text!r}"

    @property
    def is_number(self) -> bool:
        return self.kind == "word" and bool(NUMBER_RE.match(self.text))


class Metrics(Protocol):
    def width(self, a: Atom) -> float: ...
    def blank(self, a: Atom) -> tuple[float, float]: ...   # squeezable (left, right) px
    def em(self, a: Atom) -> float: ...


class CountMetrics:
    """Character counts: wide units and icons 2, anything else 1 per char;
    marks in mainland position (ink left, blank right; openers mirrored)."""

    def width(self, a: Atom) -> float:
        if a.kind == "icon":
            return 2 + len(a.label) * (2 if a.label and _is_wide(a.label[0]) else 1)
        if a.kind == "char":
            return 2 * len(a.text)
        return len(a.text)

    def blank(self, a: Atom) -> tuple[float, float]:
        if a.kind != "char" or a.text not in PUNCT:
            return (0, 0)
        return (1, 0) if a.text in NO_END else (0, 1)

    def em(self, a: Atom) -> float:
        return 2


def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def tokenize(text: str | list[Span], cjk: bool = True, labels: dict[str, str] | None = None,
             base: str = "body") -> list[Atom]:
    """Atoms of a marked-up text (or of already parsed spans); `:name:` is an
    icon atom carrying `labels[name]` as the word beside it."""
    spans = parse(text, base) if isinstance(text, str) else text
    labels = labels or {}
    atoms: list[Atom] = []
    word: list[str] = []
    word_style = [base]

    def flush() -> None:
        if word:
            atoms.append(Atom("word", "".join(word), word_style[0]))
            word.clear()

    for span in spans:
        if span.style == "icon":
            flush()
            atoms.append(Atom("icon", span.text, "strong", labels.get(span.text, "")))
            continue
        text_ = span.text
        i = 0
        while i < len(text_):
            ch = text_[i]
            pair = text_[i:i + 2]
            if cjk and pair in UNBREAKABLE:
                flush()
                atoms.append(Atom("char", pair, span.style))
                i += 2
                continue
            if ch == "\n":
                flush()
                atoms.append(Atom("newline", ch, span.style))
            elif ch in " \t":
                flush()
                atoms.append(Atom("space", " ", span.style))
            elif _is_wide(ch) or (cjk and ch in CJK_WIDE):
                flush()
                atoms.append(Atom("char", ch, span.style))
            else:
                if word and word_style[0] != span.style:
                    flush()
                word_style[0] = span.style
                word.append(ch)
            i += 1
        flush()
    return _group_quotes(atoms) if cjk else atoms


def _group_quotes(atoms: list[Atom]) -> list[Atom]:
    out = list(atoms)
    gid = 0
    i = 0
    while i < len(out):
        close = OPEN_QUOTES.get(out[i].text) if out[i].kind == "char" else None
        if close:
            for j in range(i + 1, min(len(out), i + SHORT_QUOTE + 2)):
                if out[j].kind == "char" and out[j].text == close:
                    gid += 1
                    for k in range(i, j + 1):
                        a = out[k]
                        out[k] = Atom(a.kind, a.text, a.style, a.label, gid)
                    i = j
                    break
                if out[j].kind in ("newline",):
                    break
        i += 1
    return out


def _first(a: Atom) -> str:
    return a.text[0] if a.kind in ("char", "word") else ""


def _last(a: Atom) -> str:
    return a.text[-1] if a.kind in ("char", "word") else ""


def can_break(atoms: list[Atom], j: int) -> bool:
    """May a line end before atoms[j]? (0 < j < len(atoms))."""
    left, right = atoms[j - 1], atoms[j]
    if right.kind == "space":
        return False                      # break after the spaces, never before
    if left.kind == "space":
        k = j - 1
        while k > 0 and atoms[k].kind == "space":
            k -= 1
        before = atoms[k]
        if before.kind == "space":
            return False
        # A number stays with the word or icon after it: "take 2 mental".
        if before.is_number and right.kind in ("word", "icon"):
            return False
        return _first(right) not in NO_START
    if left.group and left.group == right.group:
        return False
    if left.kind == "word" and right.kind == "word":
        return False                      # one word in two styles
    if _first(right) in NO_START or _last(left) in NO_END:
        return False
    # Number and unit: "1点", "1点:token:", "2:token:".
    if left.is_number and (right.kind == "icon" or (right.kind == "char" and right.text in UNITS)):
        return False
    if (left.kind == "char" and left.text in UNITS and right.kind == "icon"
            and j >= 2 and atoms[j - 2].is_number):
        return False
    return True


@dataclass
class Line:
    atoms: list[Atom]
    xs: list[float] = field(default_factory=list)       # left edge of each atom's box
    dxs: list[float] = field(default_factory=list)      # where its glyph is drawn, relative to xs
    width: float = 0.0                                  # natural width (after squeezing)
    last: bool = False                                  # last line of its paragraph

    @property
    def text(self) -> str:
        return line_text(self.atoms)


def _squeezes(atoms: list[Atom], m: Metrics) -> tuple[list[float], list[float]]:
    """(left, right) squeeze of each atom from adjacent punctuation."""
    sl = [0.0] * len(atoms)
    sr = [0.0] * len(atoms)
    for i in range(len(atoms) - 1):
        a, b = atoms[i], atoms[i + 1]
        if a.kind != "char" or b.kind != "char" or a.text not in PUNCT or b.text not in PUNCT:
            continue
        al, ar = m.blank(a)
        bl, _ = m.blank(b)
        if ar > 0 and sl[i] == 0:
            sr[i] = ar
        elif bl > 0:
            sl[i + 1] = bl
    return sl, sr


def _end_squeeze(a: Atom, m: Metrics, already: float) -> float:
    if a.kind != "char" or a.text not in PUNCT or already:
        return 0.0
    return m.blank(a)[1]


def _trim(atoms: list[Atom]) -> tuple[int, int]:
    s, e = 0, len(atoms)
    while s < e and atoms[s].kind == "space":
        s += 1
    while e > s and atoms[e - 1].kind == "space":
        e -= 1
    return s, e


def _greedy(atoms: list[Atom], ws: list[float], ends: list[float], width: float) -> list[tuple[int, int]]:
    """Line spans [s, e) of one paragraph: the last allowed break whose line
    fits (a closing mark at its end counted without its blank half)."""
    spans: list[tuple[int, int]] = []
    n = len(atoms)
    s = 0
    while s < n and atoms[s].kind == "space":
        s += 1
    while s < n:
        total = 0.0
        best = None
        first_allowed = None
        j = s
        while j < n:
            total += ws[j]
            # the line [s, j+1): does it fit?
            e = j + 1
            if e == n or can_break(atoms, e):
                k = e
                while k > s and atoms[k - 1].kind == "space":
                    k -= 1
                lw = sum(ws[s:k]) - (ends[k - 1] if k > s else 0)
                if lw <= width + 1e-6:
                    best = e
                elif first_allowed is None:
                    first_allowed = e
                if lw > width + 1e-6:
                    break
            j += 1
        if best is None:
            best = first_allowed if first_allowed is not None else n
        spans.append((s, best))
        s = best
        while s < n and atoms[s].kind == "space":
            s += 1
    return spans


def _content_units(atoms: list[Atom]) -> int:
    return sum(1 for a in atoms if (a.kind == "char" and a.text not in PUNCT and a.text not in NO_START)
               or a.kind == "icon" or (a.kind == "word" and any(c.isalnum() for c in a.text)))


def short_last_line(lines: list[list[Atom]]) -> bool:
    """A paragraph ending on one character (CJK) or one word (Latin)."""
    return len(lines) > 1 and _content_units(lines[-1]) <= 1


def _paragraphs(atoms: list[Atom]) -> list[list[Atom]]:
    paras: list[list[Atom]] = [[]]
    for a in atoms:
        if a.kind == "newline":
            paras.append([])
        else:
            paras[-1].append(a)
    return paras


def break_paragraph(atoms: list[Atom], width: float, m: Metrics,
                    balance: bool = False) -> list[list[Atom]]:
    if not atoms:
        return [[]]
    sl, sr = _squeezes(atoms, m)
    ws = [m.width(a) - l - r for a, l, r in zip(atoms, sl, sr)]
    ends = [_end_squeeze(a, m, r) for a, r in zip(atoms, sr)]

    def lines_at(w: float) -> list[list[Atom]]:
        out = []
        for s, e in _greedy(atoms, ws, ends, w):
            a, b = _trim(atoms[s:e])
            out.append(atoms[s:e][a:b])
        return out

    lines = lines_at(width)
    if balance and len(lines) > 1:
        lo, hi = 0.0, width
        for _ in range(12):                      # narrowest width, same line count
            mid = (lo + hi) / 2
            if len(lines_at(mid)) <= len(lines):
                hi = mid
            else:
                lo = mid
        lines = lines_at(hi)
    if short_last_line(lines):
        step = max(1.0, min(m.em(a) for a in atoms) / 4)
        for allow in (0, 1):
            w = width - step
            found = None
            while w > width * 0.6:
                cand = lines_at(w)
                if len(cand) > len(lines) + allow:
                    break
                if not short_last_line(cand):
                    found = cand
                    break
                w -= step
            if found is not None:
                lines = found
                break
    return lines


def place(line: list[Atom], m: Metrics, width: float, justify: bool) -> Line:
    """Atom positions on one line: squeezes applied, justified if asked."""
    sl, sr = _squeezes(line, m)
    ws = [m.width(a) - l - r for a, l, r in zip(line, sl, sr)]
    if line:
        ws[-1] -= _end_squeeze(line[-1], m, sr[-1])
    natural = sum(ws)
    extra = width - natural
    gaps = [i for i in range(1, len(line))
            if not (line[i - 1].kind == "word" and line[i].kind == "word")]
    per_gap = extra / len(gaps) if justify and gaps and extra > 0 else 0.0
    if line and per_gap > LOOSEST * max(m.em(a) for a in line):
        per_gap = 0.0                     # too loose: leave it ragged
    gap_set = set(gaps)
    xs, dxs = [], []
    x = 0.0
    for i, (a, w) in enumerate(zip(line, ws)):
        if i in gap_set:
            x += per_gap
        xs.append(x)
        dxs.append(-sl[i])
        x += w
    return Line(line, xs, dxs, x)


def break_atoms(atoms: list[Atom], width: float, m: Metrics | Callable[[Atom], float],
                balance: bool = False) -> list[list[Atom]]:
    """Lines of every paragraph (paragraphs end at newlines)."""
    m = _as_metrics(m)
    out: list[list[Atom]] = []
    for para in _paragraphs(atoms):
        out += break_paragraph(para, width, m, balance)
    return out


def layout(atoms: list[Atom], width: float, m: Metrics, justify: bool = False,
           balance: bool = False) -> list[Line]:
    lines: list[Line] = []
    for para in _paragraphs(atoms):
        broken = break_paragraph(para, width, m, balance)
        for i, l in enumerate(broken):
            last = i == len(broken) - 1
            placed = place(l, m, width, justify and not last)
            placed.last = last
            lines.append(placed)
    return lines


class _FnMetrics:
    def __init__(self, fn: Callable[[Atom], float]):
        self.fn = fn

    def width(self, a: Atom) -> float:
        return self.fn(a)

    def blank(self, a: Atom) -> tuple[float, float]:
        return (0, 0)

    def em(self, a: Atom) -> float:
        return 1


def _as_metrics(m) -> Metrics:
    return m if hasattr(m, "blank") else _FnMetrics(m)


def line_text(line: Iterable[Atom]) -> str:
    return "".join(f":{a.text}:" if a.kind == "icon" else a.text for a in line)


def break_text(text: str, width: float, m: Metrics | None = None, cjk: bool = True,
               labels: dict[str, str] | None = None, balance: bool = False) -> list[str]:
    """Convenience for tests and tools: lines as strings (icons as tokens),
    measured with `CountMetrics` unless told otherwise."""
    atoms = tokenize(text, cjk, labels)
    return [line_text(l) for l in break_atoms(atoms, width, m or CountMetrics(), balance)]
