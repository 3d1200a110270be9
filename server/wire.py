"""What goes over the wire: reading TTS request bodies and writing answers.

TTS sends JSON through `WebRequest.custom` and URL-encoded form fields through
`WebRequest.post` (whose values must be strings), its `JSON.encode` writes an
empty table as `[]` and may write whole numbers as `3.0`, and MoonSharp's
JSON decoder handles raw UTF-8 better than `\\u` escapes. This module absorbs
all of that so handlers see one clean shape.
"""
from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qsl

import orjson
from aiohttp import web

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


def normalize(value: Any) -> Any:
    """Whole floats become ints everywhere (ids, versions, counts, indices).

    The games have no fractional quantities, so `3.0` always meant `3`."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalize(v) for v in value]
    return value


def as_object(value: Any, name: str) -> dict:
    """An object field; `[]` and absence both mean the empty object."""
    if value is None or value == [] or value == "":
        return {}
    if isinstance(value, dict):
        return value
    raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an object")


def as_int(value: Any, name: str, *, required: bool = False, minimum: int | None = None) -> int | None:
    if value is None or value == "":
        if required:
            raise ProtocolError(400, "BAD-REQUEST", f"{name}: required")
        return None
    if isinstance(value, bool):
        raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an integer")
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an integer") from None
    if isinstance(value, float):
        if not value.is_integer():
            raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an integer")
        value = int(value)
    if not isinstance(value, int):
        raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected an integer")
    if minimum is not None and value < minimum:
        raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected at least {minimum}")
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
            return json.loads(text)
        except ValueError:
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


async def read_body(request: web.Request) -> dict:
    """The request's fields as a dict, from JSON or form encoding.

    The size cap is enforced by aiohttp (`client_max_size`) and surfaces as
    413 through the error middleware. A JSON body goes to orjson as bytes:
    it checks the UTF-8 itself, so the common case decodes the body once
    (`request.json()` decodes it to text and then parses the text)."""
    raw = await request.read()
    if not raw.strip():
        return {}
    ctype = request.content_type
    if ctype == JSON_TYPE or (ctype != "application/x-www-form-urlencoded" and raw.lstrip()[:1] in (b"{", b"[")):
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            _check_utf8(raw)
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
