"""Seat tokens: issued by the host's token, one per seat; each acts only as
its seat and reads only that seat's view."""
from __future__ import annotations

from conftest import new_table


async def _issue(client, tid, h, seat):
    r = await client.post(f"/v1/tables/{tid}/seat-tokens", headers=h, json={"seat": seat})
    assert r.status == 201, await r.text()
    body = await r.json()
    assert body["seat"] == seat and body["seat_token"] != h["Authorization"][7:]
    return {"Authorization": f"Bearer {body['seat_token']}"}


async def _code(r):
    return r.status, (await r.json())["error"]["code"]


async def test_a_seat_token_acts_as_its_seat_only(client):
    tid, h = await new_table(client)
    red = await _issue(client, tid, h, "Red")
    r = await client.post(f"/v1/tables/{tid}/actions", headers=red, json={"action": "add", "player": "Red"})
    assert r.status == 200
    # No player: its own seat.
    r = await client.post(f"/v1/tables/{tid}/actions", headers=red, json={"action": "say", "args": {"text": "hi"}})
    assert r.status == 200 and (await r.json())["events"][0]["seat"] == "Red"
    r = await client.post(f"/v1/tables/{tid}/actions", headers=red, json={"action": "add", "player": "Blue"})
    assert await _code(r) == (403, "SEAT-FORBIDDEN")
    r = await client.post(f"/v1/tables/{tid}/seats", headers=red, json={"player": "Blue"})
    assert await _code(r) == (403, "SEAT-FORBIDDEN")
    state = await (await client.get(f"/v1/tables/{tid}", headers=h)).json()
    assert state["version"] == 4


async def test_a_seat_token_reads_its_own_view_only(client):
    tid, h = await new_table(client)
    for seat in ("Red", "Blue"):
        r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "draw", "player": seat})
        assert r.status == 200
    red = await _issue(client, tid, h, "Red")
    mine = await (await client.get(f"/v1/tables/{tid}/state", headers=red)).json()
    host_view = await (await client.get(f"/v1/tables/{tid}/state?seat=Red", headers=h)).json()
    # Exactly what the host reads for that seat: the seat's view, the ops it may see.
    assert mine == host_view and mine["seat"] == "Red"
    assert isinstance(mine["view"]["hands"]["Red"], list) and mine["view"]["hands"]["Blue"] == 1
    everything = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert everything["seat"] is None
    for path in ("state?seat=Blue", "legal?seat=Blue", "events?seat=Blue", "log?seat=Blue"):
        r = await client.get(f"/v1/tables/{tid}/{path}", headers=red)
        assert await _code(r) == (403, "SEAT-FORBIDDEN"), path
    r = await client.get(f"/v1/tables/{tid}/state?seat=", headers=red)     # an empty seat is no seat: its own
    assert r.status == 200 and (await r.json())["seat"] == "Red"
    legal = await (await client.get(f"/v1/tables/{tid}/legal", headers=red)).json()
    assert legal["seat"] == "Red" and legal["actions"]
    # /events and /log: what Red may see, never the whole table (not even asked with no seat).
    for path in ("events?after=0", "log"):
        mine = await (await client.get(f"/v1/tables/{tid}/{path}", headers=red)).json()
        hosts = await (await client.get(f"/v1/tables/{tid}/{path}&seat=Red" if "?" in path else
                                        f"/v1/tables/{tid}/{path}?seat=Red", headers=h)).json()
        assert mine == hosts and [e["version"] for e in mine["entries"]] == [1, 2, 3, 4]
        drawn = [ev for e in mine["entries"] for ev in e["events"] if ev["type"] == "card_drawn"]
        assert [ev["seat"] for ev in drawn] == ["Red"]          # Blue's card is Blue's


async def test_only_the_host_issues_seat_tokens_or_undoes(client):
    tid, h = await new_table(client)
    red = await _issue(client, tid, h, "Red")
    r = await client.post(f"/v1/tables/{tid}/seat-tokens", headers=red, json={"seat": "Red"})
    assert await _code(r) == (403, "HOST-ONLY")
    await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
    r = await client.post(f"/v1/tables/{tid}/undo", headers=red, json={"consent": ["Red", "Blue"]})
    assert await _code(r) == (403, "UNDO-NOT-HOST")
    r = await client.post(f"/v1/tables/{tid}/seat-tokens", headers=h, json={"seat": "Green"})
    assert r.status == 422
    r = await client.post(f"/v1/tables/{tid}/seat-tokens", headers=h, json={"seat": "Mauve"})
    assert r.status == 400


async def test_a_new_seat_token_replaces_the_old_and_opens_only_its_table(client):
    tid, h = await new_table(client)
    other, _ = await new_table(client)
    old = await _issue(client, tid, h, "Red")
    new = await _issue(client, tid, h, "Red")
    assert (await client.get(f"/v1/tables/{tid}", headers=new)).status == 200
    assert await _code(await client.get(f"/v1/tables/{tid}", headers=old)) == (403, "AUTH-FORBIDDEN")
    assert await _code(await client.get(f"/v1/tables/{other}", headers=new)) == (403, "AUTH-FORBIDDEN")


async def test_seat_tokens_survive_a_restart(make_client, settings):
    client = await make_client(settings)
    tid, h = await new_table(client)
    blue = await _issue(client, tid, h, "Blue")
    await client.close()
    client2 = await make_client(settings)
    r = await client2.post(f"/v1/tables/{tid}/actions", headers=blue, json={"action": "add"})
    assert r.status == 200 and (await r.json())["events"][0]["seat"] == "Blue"


async def test_a_seat_token_cannot_replace_the_host_token(client):
    tid, h = await new_table(client)
    red = await _issue(client, tid, h, "Red")
    r = await client.post(f"/v1/tables/{tid}/token", headers=red, json={"request_id": "n1"})
    assert await _code(r) == (403, "HOST-ONLY")
    assert (await client.get(f"/v1/tables/{tid}", headers=h)).status == 200      # the host's still opens it


async def test_an_action_sent_with_a_seat_token_answers_only_what_that_seat_may_see(client):
    """The answer to POST /actions made with a seat token leaves out the
    events and ops whose `visible_to` names other seats (as /events does for
    that seat); the host's token, which relays every seat, still gets all."""
    tid, h = await new_table(client)
    red = await _issue(client, tid, h, "Red")
    body = {"action": "whisper", "args": {"to": "Blue", "text": "the key is under the mat"}, "request_id": "w1"}
    r = await client.post(f"/v1/tables/{tid}/actions", headers=red, json=body)
    assert r.status == 200
    mine = await r.json()
    assert "under the mat" not in await r.text()
    assert [e["type"] for e in mine["events"]] == ["whisper_sent"] and mine["ops"] == []
    # The same request again (a lost answer) is filtered the same way.
    again = await client.post(f"/v1/tables/{tid}/actions", headers=red, json=body)
    assert await again.json() == mine
    # What the host's table relays holds the whisper, marked for Blue alone.
    entry = (await (await client.get(f"/v1/tables/{tid}/events?after={mine['version'] - 1}", headers=h)).json())
    (said,) = entry["entries"][0]["ops"]
    assert said["visible_to"] == ["Blue"] and said["text"]["en"] == "the key is under the mat"
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          json={"action": "whisper", "player": "Red", "args": {"to": "Blue", "text": "again"}})
    assert "again" in await r.text()
