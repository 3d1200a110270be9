"""Event visibility (docs/RULESETS.md): a private event and the instructions
built from it reach only the seats it names, in every route; public events
reach everyone, whatever their fields are called."""
from __future__ import annotations

from conftest import new_table


async def _draw(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "draw", "player": "Red"})
    assert r.status == 200
    return tid, h, await r.json()


async def test_the_tables_own_answer_carries_the_private_draw_for_the_host_to_deal(client):
    """The host's TTS relays every seat and deals the physical card, so the
    action's answer holds it, marked private."""
    _, _, body = await _draw(client)
    (drawn,) = [e for e in body["events"] if e["type"] == "card_drawn"]
    assert drawn["visible_to"] == ["Red"]
    (deal,) = [o for o in body["ops"] if o["op"] == "deal"]
    assert deal["visible_to"] == ["Red"] and deal["card"] == drawn["card"]


async def test_events_for_a_seat_or_a_spectator_leave_out_what_they_may_not_see(client):
    tid, h, body = await _draw(client)
    card = next(e["card"] for e in body["events"] if e["type"] == "card_drawn")
    after = body["version"] - 1

    async def events(query):
        r = await client.get(f"/v1/tables/{tid}/events?after={after}{query}", headers=h)
        (entry,) = (await r.json())["entries"]
        return entry

    red, blue, public, host = (await events("&seat=Red"), await events("&seat=Blue"),
                               await events("&public=1"), await events(""))
    assert card in str(red) and card in str(host)
    assert card not in str(blue) and card not in str(public)
    assert [e["type"] for e in blue["events"]] == ["hand_size"]      # the public half still arrives


async def test_log_keeps_public_events_whatever_their_fields_and_drops_private_ones(client):
    """GET /log used to drop every event with a `to` field (gifts, steals):
    visibility is `visible_to`, not a field name."""
    tid, h, body = await _draw(client)
    card = next(e["card"] for e in body["events"] if e["type"] == "card_drawn")
    await client.post(f"/v1/tables/{tid}/actions", headers=h,
                      json={"action": "say", "player": "Blue", "args": {"text": "to you", "to": "Red"}})
    log = await (await client.get(f"/v1/tables/{tid}/log", headers=h)).json()
    kinds = [e["type"] for entry in log["entries"] for e in entry["events"]]
    assert "said" in kinds and "hand_size" in kinds and card not in str(log)
    own = await (await client.get(f"/v1/tables/{tid}/log?seat=Red", headers=h)).json()
    assert card in str(own)


async def test_state_for_a_seat_lays_out_only_what_it_may_see(client):
    tid, h, body = await _draw(client)
    card = next(e["card"] for e in body["events"] if e["type"] == "card_drawn")
    red = await (await client.get(f"/v1/tables/{tid}/state?seat=Red", headers=h)).json()
    blue = await (await client.get(f"/v1/tables/{tid}/state?seat=Blue", headers=h)).json()
    host = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert card in str(red["ops"]) and card in str(host["ops"]) and card not in str(blue)
    assert host["to_act"] == ["Red", "Blue"] and host["outcome"] is None


async def test_log_hides_the_args_of_an_action_with_private_events_from_everyone_but_its_seat(client):
    """An action's args may name what its private events hide (a card chosen
    from a hidden hand): others see that the action happened, not its args."""
    tid, h, body = await _draw(client)
    await client.post(f"/v1/tables/{tid}/actions", headers=h,
                      json={"action": "say", "player": "Blue", "args": {"text": "hello"}})
    log = await (await client.get(f"/v1/tables/{tid}/log", headers=h)).json()
    draw = next(e for e in log["entries"] if e["action"] == "draw")
    said = next(e for e in log["entries"] if e["action"] == "say")
    assert draw["args"] is None and said["args"] == {"text": "hello"}
    own = await (await client.get(f"/v1/tables/{tid}/log?seat=Red", headers=h)).json()
    assert next(e for e in own["entries"] if e["action"] == "draw")["args"] == {}


async def test_state_for_a_spectator_lays_out_only_the_public_table(client):
    tid, h, body = await _draw(client)
    card = next(e["card"] for e in body["events"] if e["type"] == "card_drawn")
    public = await (await client.get(f"/v1/tables/{tid}/state?public=1", headers=h)).json()
    assert public["seat"] is None and card not in str(public)
