"""A scripted rules server for the headless Lua tests: it answers from a
list of log entries (every op checked against schemas/ops.schema.json), so a
test can send the table exactly the instructions it wants and see what the
table sends back."""
from __future__ import annotations

import json
from urllib.parse import parse_qs, urlparse

from kit import ops as vocabulary

from . import TTSFake, WebCall


class Scripted:
    """A rules server that answers from a script: table version, entries to
    poll, legal actions; it records the actions the table sends."""

    def __init__(self, version: int, entries: list[dict], legal: list[dict] | None = None,
                 layout: list[dict] | None = None):
        self.version, self.entries, self.legal = version, entries, legal or []
        self.layout = layout or []           # what /state lays out (a reload, a gap)
        self.posted: list[dict] = []
        self.answer_ops: list[dict] = []     # ops of the next accepted action
        self.seat_tokens: list[str] = []     # the seats the table asked a token for

    def __call__(self, call: WebCall):
        url = urlparse(call.url)
        if url.path.endswith("/events"):
            after = int(parse_qs(url.query)["after"][0])
            return 200, {"ok": True, "version": self.version,
                         "entries": [e for e in self.entries if e["version"] > after]}
        if url.path.endswith("/state"):
            return 200, {"ok": True, "version": self.version, "view": {}, "ops": self.layout}
        if url.path.endswith("/legal"):
            return 200, {"ok": True, "version": self.version, "actions": self.legal}
        if url.path.endswith("/seat-tokens"):
            seat = call.json()["seat"]
            self.seat_tokens.append(seat)
            return 201, {"ok": True, "table_id": "t", "seat": seat, "seat_token": f"tok-{seat}",
                         "table_url": "http://rules/v1/tables/t"}
        if url.path.endswith("/actions"):
            self.posted.append(call.json())
            return 200, {"ok": True, "version": self.version, "events": [], "ops": self.answer_ops,
                         "messages": []}
        return 200, {"ok": True, "table_id": "t", "version": self.version}


def entry(version: int, *ops: dict) -> dict:
    listed = [{**e, "version": version, "seq": i} for i, e in enumerate(ops)]
    assert not vocabulary.problems(listed), vocabulary.problems(listed)
    return {"version": version, "kind": "action", "action": "x", "player": "Red", "events": [],
            "messages": [], "ops": listed}


def table(built, server: Scripted, version: int = 0, seq: int = -1, locale: str = "en") -> TTSFake:
    _, saves, _ = built
    fake = TTSFake(saves[locale], web=server, seated=["White", "Red", "Blue"])
    fake.load_all(script_state=json.dumps({"url": "http://rules", "table_id": "t", "token": "k",
                                           "version": version, "seq": seq}))
    fake.settle(0.1)
    return fake
