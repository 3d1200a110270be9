"""Read the text back out of a PDF the project wrote with fpdf2, for tests.

No PDF reader is a dependency, and fpdf2 writes a small, regular subset of
PDF: numbered objects, Flate streams, one page tree, Type0 fonts with a
ToUnicode map, and text as `BT x y Td (glyph codes) Tj ET`. This decodes
exactly that: each page's lines, top to bottom, runs on one baseline
joined left to right. It is a test helper, not a general PDF reader.
"""
from __future__ import annotations

import re
import zlib
from pathlib import Path

_REF = rb"(\d+) 0 R"


def _objects(data: bytes) -> dict[int, tuple[bytes, bytes | None]]:
    """Every object by number, read at its offset in the xref table; a
    stream is cut by its /Length (binary font data may hold any bytes)."""
    xref = data.rindex(b"\nxref")
    m = re.match(rb"\s*xref\s+(\d+)\s+(\d+)\s+", data[xref:])
    first, count = int(m.group(1)), int(m.group(2))
    table = data[xref + m.end():]
    out = {}
    for i in range(count):
        offset, _, kind = table[20 * i:20 * i + 18].split()
        if kind != b"n":
            continue
        start = int(offset)
        head = re.match(rb"(\d+) 0 obj\s*", data[start:start + 40])
        body_at = start + head.end()
        end = data.index(b"endobj", body_at)
        body, stream = data[body_at:end], None
        if re.search(rb">>\s*stream\r?\n", body):
            s = re.search(rb">>\s*stream\r?\n", data[body_at:]).end() + body_at
            length = int(re.search(rb"/Length (\d+)", data[body_at:s]).group(1))
            raw = data[s:s + length]
            body = data[body_at:s]
            stream = zlib.decompress(raw) if b"/FlateDecode" in body else raw
        out[first + i] = (body, stream)
    return out


def _ref(body: bytes, key: bytes) -> int:
    m = re.search(re.escape(key) + rb"\s+" + _REF, body)
    assert m, f"no {key!r} in {body[:200]!r}"
    return int(m.group(1))


def _to_unicode(cmap: bytes) -> dict[int, str]:
    out: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(src, 16)] = bytes.fromhex(dst.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for lo, hi, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            base = int(dst, 16)
            for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                out[code] = chr(base + i)
    return out


def _literal(s: bytes, i: int) -> tuple[bytes, int]:
    """The PDF literal string starting after '(' at i; returns (bytes, index after ')')."""
    out, depth = bytearray(), 1
    esc = {ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12}
    while True:
        c = s[i]
        if c == 0x5C:                        # backslash
            n = s[i + 1]
            if n in esc:
                out.append(esc[n])
                i += 2
            elif 0x30 <= n <= 0x37:
                m = re.match(rb"[0-7]{1,3}", s[i + 1:i + 4])
                out.append(int(m.group(0), 8) & 0xFF)
                i += 1 + len(m.group(0))
            else:
                out.append(n)
                i += 2
            continue
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), i + 1
        out.append(c)
        i += 1


def _runs(content: bytes, fonts: dict[bytes, dict[int, str]]) -> list[tuple[float, float, str]]:
    """(x, y, text) of every string shown, in points from the bottom left."""
    runs, stack, font = [], [], None
    x = y = 0.0
    i, n = 0, len(content)
    tok = re.compile(rb"\s*(/[^\s/\[\]()<>]+|[-+]?\d*\.?\d+|[A-Za-z'\"*]+|\(|\[|\]|<[0-9A-Fa-f\s]*>)")
    while i < n:
        m = tok.match(content, i)
        if not m:
            i += 1
            continue
        t = m.group(1)
        i = m.end()
        if t == b"(":
            raw, i = _literal(content, i)
            stack.append(raw)
        elif t.startswith(b"<"):
            stack.append(bytes.fromhex(re.sub(rb"\s", b"", t[1:-1]).decode()))
        elif t.startswith(b"/") or re.fullmatch(rb"[-+]?\d*\.?\d+", t) or t in (b"[", b"]"):
            stack.append(t)
        else:
            if t == b"Tf":
                font = stack[-2]
            elif t in (b"Td", b"Tm"):
                x, y = float(stack[-2]), float(stack[-1])
            elif t == b"Tj":
                raw = stack[-1]
                text = "".join(fonts[font].get(int.from_bytes(raw[k:k + 2], "big"), "\ufffd")
                               for k in range(0, len(raw), 2))
                runs.append((x, y, text))
            elif t in (b"TJ", b"'", b'"'):
                raise AssertionError(f"text operator {t!r}: fpdf2 writes only Tj")
            stack = []
    return runs


def pages(path: str | Path) -> list[list[str]]:
    """The text of every page: lines top to bottom, each line's runs joined."""
    objs = _objects(Path(path).read_bytes())
    root = next(b for b, _ in objs.values() if re.search(rb"/Type\s*/Catalog", b))
    kids = re.search(rb"/Kids\s*\[(.*?)\]", objs[_ref(root, b"/Pages")][0], re.S).group(1)
    out = []
    for num in (int(k) for k in re.findall(_REF, kids)):
        body = objs[num][0]
        res = objs[_ref(body, b"/Resources")][0] if re.search(rb"/Resources\s+\d+ 0 R", body) else body
        font_dict = re.search(rb"/Font\s*<<(.*?)>>", res, re.S).group(1)
        fonts = {}
        for name, ref in re.findall(rb"(/[^\s/]+)\s+" + _REF, font_dict):
            fbody = objs[int(ref)][0]
            fonts[name] = _to_unicode(objs[_ref(fbody, b"/ToUnicode")][1])
        runs = _runs(objs[_ref(body, b"/Contents")][1], fonts)
        lines: dict[float, list[tuple[float, str]]] = {}
        for x, y, text in runs:
            lines.setdefault(round(y, 1), []).append((x, text))
        out.append(["".join(t for _, t in sorted(lines[y])) for y in sorted(lines, reverse=True)])
    return out


def squash(text: str) -> str:
    """Text without whitespace: lines break where the typesetter chose."""
    return re.sub(r"\s+", "", text)
