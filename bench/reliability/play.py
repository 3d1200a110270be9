"""A house table played over HTTP the way the Lua plays it: every request
with its own request_id, resent with the same one after a failure, so an
action is applied once however often the server dies under it.

Each turn: a move between the start room and a neighbour (R-MOVE-2: one
step is always legal, and no tile is revealed), sometimes undone by
everyone's consent and made again, then end_turn. What the server
acknowledged (a 200) is recorded by request_id, with the version and the
exact answer, for the checks after the run.
"""
from __future__ import annotations

import asyncio
import json
import random

import aiohttp

RETRYABLE = {503}           # STORAGE-FULL / STORAGE-FAILED: the same request again later
SEATS = ("Red", "Blue", "Green")     # the house is for 3 to 6 players


class Gone(Exception):
    """No answer (the server died mid-request, or refused to connect)."""


class Table:
    def __init__(self, session: aiohttp.ClientSession, base: str, name: str, characters: list[str],
                 rng: random.Random, undo_every: int = 4):
        self.session, self.base, self.name = session, base, name
        self.characters, self.rng, self.undo_every = characters, rng, undo_every
        self.acked: dict[str, tuple[int, bytes]] = {}     # request_id -> (version, answer bytes)
        self.views: list[tuple[int, dict]] = []            # (version, spectator view) read live
        self.refused: list[tuple[str, int, bytes]] = []    # request_id, status, body of a 4xx
        self.fivexx: list[tuple[str, int, bytes]] = []
        self.step = 0
        self.turns = 0

    def set_base(self, base: str) -> None:
        self.base = base

    async def _call(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        headers = {"Authorization": f"Bearer {self.token}"} if getattr(self, "token", None) else {}
        try:
            async with self.session.request(method, self.base + path, json=body, headers=headers,
                                            timeout=aiohttp.ClientTimeout(total=20)) as r:
                return r.status, await r.read()
        except (aiohttp.ClientError, asyncio.TimeoutError, ConnectionError) as exc:
            raise Gone(str(exc)) from None

    async def create(self) -> None:
        status, raw = await self._call("POST", "/v1/tables", {"ruleset": "house", "locale": "en",
                                                              "seats": list(SEATS)})
        assert status == 201, raw
        created = json.loads(raw)
        self.tid, self.token = created["table_id"], created["host_token"]

    async def act(self, action: str, seat: str | None, args: dict, undo: bool = False) -> dict:
        """Until acknowledged: the same request_id every time."""
        rid = f"{self.name}-{self.step}"
        self.step += 1
        body = {"consent": list(SEATS), "request_id": rid} if undo else \
            {"action": action, "player": seat, "args": args, "request_id": rid}
        path = f"/v1/tables/{self.tid}/undo" if undo else f"/v1/tables/{self.tid}/actions"
        while True:
            try:
                status, raw = await self._call("POST", path, body)
            except Gone:
                await asyncio.sleep(0.05)
                continue
            if status == 200:
                answer = json.loads(raw)
                self.acked[rid] = (answer["version"], raw)
                return answer
            if status >= 500:
                self.fivexx.append((rid, status, raw[:300]))
                if status in RETRYABLE:
                    await asyncio.sleep(0.05)
                    continue
            self.refused.append((rid, status, raw[:300]))
            raise RuntimeError(f"{self.name}: {action} refused {status}: {raw[:300]!r}")

    async def get(self, path: str) -> dict:
        while True:
            try:
                status, raw = await self._call("GET", f"/v1/tables/{self.tid}{path}")
            except Gone:
                await asyncio.sleep(0.05)
                continue
            if status == 200:
                return json.loads(raw)
            if status >= 500:
                self.fivexx.append(("GET " + path, status, raw[:300]))
                await asyncio.sleep(0.05)
                continue
            raise RuntimeError(f"{self.name}: GET {path} {status}: {raw[:300]!r}")

    async def setup(self) -> None:
        await self.create()
        for seat, character in zip(SEATS, self.characters):
            await self.act("sit", seat, {})
            await self.act("choose_character", seat, {"character": character, "side": 0})
        await self.act("start", "Red", {"first": "Red"})
        view = (await self.get("/state?seat=Red"))["view"]
        home = view["players"]["Red"]["room"]
        legal = (await self.get("/legal?seat=Red"))["actions"]
        away = next(a["args"]["to"] for a in legal if a["action"] == "move" and "to" in a["args"])
        self.rooms = [home, away]
        self.where = {seat: 0 for seat in SEATS}
        self.seat = "Red"

    async def resync(self) -> None:
        """After an interruption the table may be mid-turn, or a request cut
        off may have been applied unseen: whose turn it is and where everyone
        stands is read back from the server."""
        view = (await self.get("/state"))["view"]
        turn = view.get("turn") or {}
        if isinstance(turn, dict) and turn.get("seat"):
            self.seat = turn["seat"]
        for seat in SEATS:
            room = view["players"][seat]["room"]
            self.where[seat] = self.rooms.index(room) if room in self.rooms else 0

    async def turn(self) -> None:
        seat = self.seat
        self.where[seat] ^= 1
        await self.act("move", seat, {"to": self.rooms[self.where[seat]]})
        if self.rng.randrange(self.undo_every) == 0:
            answer = await self.act("undo", None, {}, undo=True)
            assert answer.get("undoes"), answer
            await self.act("move", seat, {"to": self.rooms[self.where[seat]]})
        await self.act("end_turn", seat, {})
        self.seat = SEATS[(SEATS.index(seat) + 1) % len(SEATS)]
        self.turns += 1
        if self.turns % 5 == 0:
            state = await self.get("/state")
            self.views.append((state["version"], state["view"]))
