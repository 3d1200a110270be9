"""What goes over the wire: reading TTS request bodies and writing answers.

TTS sends JSON through `WebRequest.custom` and URL-encoded form fields through
`WebRequest.post` (whose values must be strings), its `JSON.encode` writes an
empty table as `[]` and may write whole numbers as `3.0`, and MoonSharp's
JSON decoder handles raw UTF-8 better than `\\u` escapes. This module absorbs
all of that so handlers see one clean shape.
"""
from __future__ import annotations

import asyncio
import math
import re
from typing import Any
from urllib.parse import parse_qsl

import orjson
from aiohttp import web, web_protocol

from . import jsontext
from .messages import protocol_message

JSON_TYPE = "application/json"
# Form fields that are always text, even when they look like numbers ("0042").
TEXT_FIELDS = frozenset({"action", "player", "request_id", "token", "locale", "ruleset", "seat"})
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


class ProtocolError(Exception):
    """A refusal that is not a rule: bad input, auth, versions, limits."""

    def __init__(self, status: int, code: str, detail: str = "", extra: dict | None = None,
                 headers: dict | None = None):
        super().__init__(f"{code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail
        self.extra = extra or {}
        self.headers = headers or {}

    def body(self) -> dict:
        message = protocol_message(self.code, self.detail)
        return {"ok": False, "error": {"code": self.code, "message": message, **self.extra}}



def respond(obj: Any, status: int = 200, headers: dict | None = None) -> web.Response:
    """`obj` may come already encoded (a logged answer replayed byte for byte)."""
    body = obj.encode("utf-8") if isinstance(obj, str) else jsontext.dumpb(obj)
    return web.Response(body=body, status=status, headers=headers, content_type=JSON_TYPE, charset="utf-8")


# Bounds on what a body may hold. Nothing a TTS table sends comes near them;
# past them the standard library, orjson or SQLite would raise on the way
# to the log (orjson cannot encode an int beyond 64 bits, and nests at most
# 255 deep), after the engine had already accepted the action.
MAX_DEPTH = 32
# Lua numbers are doubles: every integer a table can send exactly.
MAX_INT = 2 ** 53


def normalize(value: Any, depth: int = 0) -> Any:
    """Whole floats become ints everywhere (ids, versions, counts, indices),
    and what the log could not hold is refused: nesting beyond MAX_DEPTH,
    integers beyond ±MAX_INT, text that is not Unicode (lone surrogates).

    The games have no fractional quantities, so `3.0` always meant `3`."""
    if isinstance(value, str):
        if not value.isascii():
            _check_text(value)
        return value
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ProtocolError(400, "BAD-REQUEST", "numbers must be finite")
        if not value.is_integer():
            return value
        value = int(value)
    if isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            raise ProtocolError(400, "BAD-REQUEST", f"integer {_short(value)} beyond ±2^53")
        return value
    if depth >= MAX_DEPTH:
        raise ProtocolError(400, "BAD-REQUEST", f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, dict):
        return {_check_text(k) if isinstance(k, str) else k: normalize(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [normalize(v, depth + 1) for v in value]
    return value


def _check_text(text: str) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError(400, "BAD-REQUEST", "text holds a lone surrogate (not Unicode)") from None
    return text


def _short(number: int) -> str:
    digits = str(abs(number))
    sign = "-" if number < 0 else ""
    return sign + digits if len(digits) <= 20 else f"{sign}{digits[:6]}… ({len(digits)} digits)"


def as_object(value: Any, name: str) -> dict:
    """An object field; `[]` and absence both mean the empty object."""
    if value is None or value == [] or value == "":
        return {}
    if isinstance(value, dict):
        return value
    raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an object")


def as_int(value: Any, name: str, *, required: bool = False, minimum: int | None = None,
           maximum: int = MAX_INT) -> int | None:
    if value is None or value == "":
        if required:
            raise ProtocolError(400, "BAD-REQUEST", f"{name}: required")
        return None
    if isinstance(value, bool):
        raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an integer")
    if isinstance(value, str):
        try:
            value = float(value.strip()) if len(value) <= 40 else math.nan
        except ValueError:
            raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an integer") from None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an integer")
        value = int(value)
    if not isinstance(value, int):
        raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an integer")
    if minimum is not None and value < minimum:
        raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected at least {minimum}")
    if value > maximum:
        raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected at most {maximum}")
    return value


def as_str(value: Any, name: str, *, required: bool = False, max_len: int = 200) -> str | None:
    if value is None or value == "":
        if required:
            raise ProtocolError(400, "BAD-REQUEST", f"{name}: required")
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(normalize(value))
    if not isinstance(value, str) or len(value) > max_len:
        raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected a string of at most {max_len} characters")
    return value


def _form_value(raw: str) -> Any:
    """A form field is a string; one that holds JSON (an args table the Lua
    encoded) is decoded, anything else stays text."""
    text = raw.strip()
    if text[:1] in ("{", "[", '"') or text in ("true", "false", "null"):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError as exc:
            if "depth limit" in exc.msg:
                raise ProtocolError(400, "BAD-REQUEST", f"nested deeper than {MAX_DEPTH} levels") from None
            if "surrogate" in exc.msg:
                raise ProtocolError(400, "BAD-REQUEST", "text holds a lone surrogate (not Unicode)") from None
            return raw
    if _NUMBER.match(text):
        number = float(text)
        return int(number) if number.is_integer() else number
    return raw


def parse_form(text: str) -> dict:
    """`a=1&args={"x":2}&args.to=hall` → {"a": 1, "args": {"x": 2, "to": "hall"}}."""
    out: dict[str, Any] = {}
    nested: dict[str, dict] = {}
    for key, raw in parse_qsl(text, keep_blank_values=True):
        value = raw if key in TEXT_FIELDS else _form_value(raw)
        if "." in key or key.endswith("]"):
            head, _, rest = key.replace("[", ".").rstrip("]").partition(".")
            nested.setdefault(head, {})[rest.rstrip("]")] = value
        else:
            out[key] = value
    for head, fields in nested.items():
        base = as_object(out.get(head), head) if head in out else {}
        out[head] = {**base, **fields}
    return out


async def read_body(request: web.Request, timeout: float | None = None) -> dict:
    """The request's fields as a dict, from JSON or form encoding.

    The size cap is enforced by aiohttp (`client_max_size`) and surfaces as
    413 through the error middleware; a body still arriving after `timeout`
    seconds is refused with 408. A JSON body goes to orjson as bytes:
    it checks the UTF-8 itself, so the common case decodes the body once
    (`request.json()` decodes it to text and then parses the text)."""
    try:
        if timeout is None or request.content.is_eof():
            raw = await request.read()
        else:
            async with asyncio.timeout(timeout):
                raw = await request.read()
    except TimeoutError:
        raise ProtocolError(408, "TIMEOUT", f"the body did not arrive within {timeout:g} s",
                            headers={"Connection": "close"}) from None
    except web_protocol.RequestPayloadError as exc:      # e.g. Content-Encoding: gzip on bytes that are not
        raise ProtocolError(400, "BAD-REQUEST", f"the body could not be read ({str(exc).splitlines()[-1].strip()})",
                            headers={"Connection": "close"}) from None
    if not raw.strip():
        return {}
    ctype = request.content_type
    if ctype == JSON_TYPE or (ctype != "application/x-www-form-urlencoded" and raw.lstrip()[:1] in (b"{", b"[")):
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            _check_utf8(raw)
            if "depth limit" in exc.msg:
                raise ProtocolError(400, "BAD-REQUEST", f"nested deeper than {MAX_DEPTH} levels") from None
            raise ProtocolError(400, "BAD-REQUEST", f"body is not valid JSON ({exc.msg} at {exc.pos})") from None
        if data == []:
            data = {}
        if not isinstance(data, dict):
            raise ProtocolError(400, "BAD-REQUEST", "body must be a JSON object")
        return normalize(data)
    return normalize(parse_form(_check_utf8(raw)))


def _check_utf8(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(400, "BAD-REQUEST", "body is not UTF-8") from None
