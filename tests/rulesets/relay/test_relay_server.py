"""relay through the real rules server over HTTP (server.app, its presenter
and engine looked up in the registry): whole games to their scored end,
every answer's ops in the shared vocabulary, the question put to the next
seat, undo and refusals, and no hidden card shown to a seat or a spectator
that has not seen it — in /state?seat=, /events and /log."""
from __future__ import annotations

import json
import random

import pytest

from kit import ops as vocabulary
from relay_helpers import full_build
from server.app import TABLES, create_app
from server.settings import Settings

SEATS = ["Red", "Blue", "Green"]


@pytest.fixture(scope="module")
def built(relay_registered, tmp_path_factory):
    build = tmp_path_factory.mktemp("relay-server") / "build"
    full_build(build)
    content = json.loads((build / "content" / "relay.json").read_text(encoding="utf-8"))
    return build / "content", content


@pytest.fixture
def make_client(aiohttp_client, built, tmp_path):
    async def make(seed: int = 5, db=None):
        settings = Settings(db_path=db or tmp_path / "db" / "tables.sqlite3", content_dir=built[0],
                            asset_dir=tmp_path / "assets", rate_per_second=1000, rate_burst=1000,
                            address_rate=10_000, address_burst=10_000, create_rate=1000, create_burst=1000,
                            sqlite_sync="NORMAL", snapshot_every=5)
        return await aiohttp_client(create_app(settings, rng_source=random.Random(seed)))
    return make


class Table:
    """One relay table driven over HTTP, remembering which cards each
    audience has been shown (held, discarded, or every card once over)."""

    def __init__(self, client, content):
        self.client, self.content = client, content
        self.cards = list(content["cards"])
        self.known: dict[str | None, set[str]] = {s: set() for s in (*SEATS, None)}
        self.answers: list[dict] = []

    async def post(self, route: str, body: dict, status: int = 200) -> dict:
        r = await self.client.post(f"/v1/tables/{self.tid}{route}", headers=self.h, json=body)
        answer = json.loads(await r.text())
        assert r.status == status, answer
        return answer

    async def get(self, route: str) -> dict:
        r = await self.client.get(f"/v1/tables/{self.tid}{route}", headers=self.h)
        assert r.status == 200, await r.text()
        return await r.json()

    async def create(self) -> None:
        r = await self.client.post("/v1/tables", json={"ruleset": "relay", "locale": "en", "seats": SEATS})
        body = await r.json()
        assert r.status == 201, body
        self.tid, self.h = body["table_id"], {"Authorization": "Bearer " + body["host_token"]}
        for seat in SEATS:
            await self.post("/seats", {"player": seat})
        await self.act("Red", "start")

    @property
    def state(self) -> dict:
        return self.client.app[TABLES].get(self.tid).state     # the server's own, for the oracle only

    async def act(self, seat: str, action: str, **args) -> dict:
        answer = await self.post("/actions", {"action": action, "player": seat, "args": args})
        assert vocabulary.problems(answer["ops"]) == [], answer["ops"]
        self.answers.append(answer)
        state = self.state
        for audience in self.known:
            self.known[audience] |= set(state["discard"]) | set(state["hands"].get(audience, []))
            if state["phase"] == "over":
                self.known[audience] |= set(self.cards)
        await self.check_hidden(answer["version"])
        return answer

    def leaks(self, audience: str | None, shown) -> list[str]:
        text = json.dumps(shown, ensure_ascii=False)
        return [c for c in self.cards if c not in self.known[audience]
                and any(t in text for t in (f'"{c}"', *self.content["cards"][c]["title"].values()))]

    async def check_hidden(self, version: int) -> None:
        """What each seat and a spectator is shown at `version`. (`/state`
        without a seat is the host's table, every hand included, so a
        spectator's is its `view`.)"""
        for seat in (*SEATS, None):
            query = f"seat={seat}" if seat else "public=1"
            state = await self.get(f"/state?{query}")
            if seat is None:
                state = state["view"]
            events = await self.get(f"/events?after={version - 1}&{query}")
            log = await self.get(f"/log?seat={seat}" if seat else "/log")
            entry = [e for e in log["entries"] if e["version"] == version]
            for route, shown in (("/state", state), ("/events", events), ("/log", entry)):
                assert not self.leaks(seat, shown), (route, seat, version, self.leaks(seat, shown))

    async def step(self, chooser: random.Random | None) -> bool:
        """One action by the seat the server says is to act, picked among its
        legal ones (the first without a chooser); False once the game is over."""
        summary = await self.get("")
        if summary["over"]:
            return False
        (seat,) = summary["to_act"]
        legal = (await self.get(f"/legal?seat={seat}"))["actions"]
        pick = chooser.choice(legal) if chooser else legal[0]
        await self.act(seat, pick["action"], **pick["args"])
        return True

    async def play(self, chooser: random.Random, limit: int = 200, finish: bool = True) -> None:
        for _ in range(limit):
            if not await self.step(chooser):
                return
        assert not finish, "the game did not end"

    async def until(self, waiting, limit: int = 80) -> None:
        """Play the first legal action until the pending question is `waiting`."""
        for _ in range(limit):
            if waiting(self.state["pending"]):
                return
            assert await self.step(None), "the game ended first"
        raise AssertionError("that question never came")


async def test_L_END_2_games_play_to_a_scored_end_through_the_server(make_client, built):
    client = await make_client()
    ops, asked = set(), []
    for seed in range(3):
        table = Table(client, built[1])
        await table.create()
        await table.play(random.Random(seed))
        summary = await table.get("")
        outcome = summary["outcome"]
        assert summary["over"] and summary["to_act"] == [] and outcome["side"] is None
        assert set(outcome["scores"]) == set(SEATS)
        best = max(outcome["scores"].values())
        assert outcome["winners"] == [s for s in table.state["order"] if outcome["scores"][s] == best]
        (over,) = [o for o in table.answers[-1]["ops"] if o["op"] == "game_over"]
        assert over["scores"] == outcome["scores"] and over["winners"] == outcome["winners"]
        values = {s: sum(built[1]["cards"][c]["value"] for c in h) for s, h in table.state["hands"].items()}
        assert {s: values[s] + table.state["bonus"][s] for s in SEATS} == outcome["scores"]
        for answer in table.answers:
            assert all(o["version"] == answer["version"] for o in answer["ops"])
            ops |= {o["op"] for o in answer["ops"]}
            asked += [o for o in answer["ops"] if o["op"] == "ask"]
    assert {"deal", "show_dice", "mark_turn", "set_counter", "say", "ask", "game_over"} <= ops
    assert {a["kind"] for a in asked} == {"offer", "answer"}


async def test_L_OFFER_2_the_question_is_put_to_the_next_seat_not_the_roller(make_client, built):
    client = await make_client(seed=11)
    table = Table(client, built[1])
    await table.create()
    await table.until(lambda pending: pending and pending["kind"] == "answer")
    pending = table.state["pending"]
    asker, roller = pending["seat"], pending["from"]
    assert (await table.get(""))["to_act"] == [asker] != [roller]
    (ask,) = [o for o in table.answers[-1]["ops"] if o["op"] == "ask"]
    assert ask["seat"] == asker and "visible_to" not in ask
    legal = (await table.get(f"/legal?seat={asker}"))["actions"]
    assert [a["args"] for a in legal] == [{"accept": True}, {"accept": False}]
    assert all(set(a["label"]) == {"zh-Hans", "zh-Hant", "en"} for a in legal)
    assert (await table.get(f"/legal?seat={roller}"))["actions"] == []
    refused = await table.post("/actions", {"action": "answer", "player": roller, "args": {"accept": True}}, 403)
    assert refused["error"]["code"] == "L-OFFER-2"
    version = (await table.get(""))["version"]
    answer = await table.act(asker, "answer", accept=False)
    assert answer["version"] == version + 1 and pending["card"] in table.state["discard"]
    moved = [o for o in answer["ops"] if o["op"] == "move_card"]
    assert moved and moved[0]["card"] == pending["card"] and moved[0]["to"]["face_up"] is True


async def test_L_TURN_1_a_refusal_cites_the_rule_and_changes_nothing(make_client, built):
    client = await make_client()
    table = Table(client, built[1])
    await table.create()
    before = await table.get("/state")
    body = await table.post("/actions", {"action": "roll", "player": "Blue", "args": {}}, 403)
    assert body["error"]["code"] == "L-TURN-1"
    assert body["error"]["message"] == {"zh-Hans": "现在不是你的回合。", "zh-Hant": "現在不是你的回合。",
                                        "en": "It is not your turn."}
    assert await table.get("/state") == before


async def test_undo_takes_back_an_offer_but_never_a_roll(make_client, built):
    client = await make_client(seed=3)
    table = Table(client, built[1])
    await table.create()
    body = await table.post("/undo", {"consent": SEATS}, 409)
    assert body["error"]["code"] == "UNDO-REVEALED"
    await table.until(lambda pending: pending and pending["kind"] == "offer")
    roller = table.state["pending"]["seat"]
    before = await table.get(f"/state?seat={roller}")
    await table.act(roller, "offer", card=table.state["hands"][roller][0])
    undone = await table.post("/undo", {"consent": SEATS})
    assert [o["op"] for o in undone["ops"]] == ["sync"]
    after = await table.get(f"/state?seat={roller}")
    assert after["view"] == before["view"] and after["version"] == before["version"] + 2


async def test_a_restart_rebuilds_the_same_table(make_client, built, tmp_path):
    db = tmp_path / "restart.sqlite3"
    client = await make_client(db=db)
    table = Table(client, built[1])
    await table.create()
    await table.play(random.Random(4), limit=10, finish=False)
    views = {s: await table.get(f"/state?seat={s}") for s in SEATS}
    await client.close()
    again = await make_client(db=db)
    table.client = again
    for s in SEATS:
        assert await table.get(f"/state?seat={s}") == views[s]


async def test_log_keeps_a_private_actions_args_to_its_seat(make_client, built):
    """L-OFFER-1: the card offered is seen by the roller only — also in the
    action's args that /log lists."""
    table = Table(await make_client(seed=3), built[1])
    await table.create()
    await table.until(lambda pending: pending and pending["kind"] == "offer")
    roller = table.state["pending"]["seat"]
    card = table.state["hands"][roller][0]
    await table.act(roller, "offer", card=card)
    assert card in json.dumps(await table.get(f"/log?seat={roller}"))
    for query in ("", *(f"?seat={s}" for s in SEATS if s != roller)):
        assert card not in json.dumps(await table.get(f"/log{query}")), query
