"""The host token after play: the host can replace it from the panel (a
save shared afterwards opens nothing), and once the game is over no token
changes the table any more, though it can still be read."""
from __future__ import annotations

from conftest import new_table


async def _renew(client, tid, headers, request_id="n1"):
    return await client.post(f"/v1/tables/{tid}/token", headers=headers, json={"request_id": request_id})


async def test_a_new_token_replaces_the_old_one_even_after_a_restart(make_client, settings):
    client = await make_client(settings)
    tid, old = await new_table(client)
    r = await _renew(client, tid, old)
    assert r.status == 200
    body = await r.json()
    new = {"Authorization": f"Bearer {body['host_token']}"}
    assert body["table_id"] == tid and body["host_token"] not in old["Authorization"]
    r = await client.post(f"/v1/tables/{tid}/actions", headers=old, json={"action": "add", "player": "Red"})
    assert r.status == 403 and (await r.json())["error"]["code"] == "AUTH-FORBIDDEN"
    assert (await client.get(f"/v1/tables/{tid}/state", headers=old)).status == 403
    r = await client.post(f"/v1/tables/{tid}/actions", headers=new, json={"action": "add", "player": "Red"})
    assert r.status == 200
    await client.close()
    again = await make_client(settings)           # the new hash is what the store keeps
    assert (await again.get(f"/v1/tables/{tid}", headers=new)).status == 200
    assert (await again.get(f"/v1/tables/{tid}", headers=old)).status == 403


async def test_a_renewal_retried_after_a_lost_answer_gets_the_same_token(client):
    """The retry comes with the replaced token and the same request_id."""
    tid, old = await new_table(client)
    first = await (await _renew(client, tid, old, "n7")).json()
    again = await _renew(client, tid, old, "n7")
    assert again.status == 200 and (await again.json())["host_token"] == first["host_token"]
    other = await _renew(client, tid, old, "n8")             # not a retry: the old token opens nothing
    assert other.status == 403


async def test_a_token_acts_no_more_once_the_game_is_over(client):
    tid, h = await new_table(client)
    for _ in range(10):
        r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                              json={"action": "add", "player": "Red", "args": {"n": 10}, "request_id": f"a{_}"})
        assert r.status == 200
    summary = await (await client.get(f"/v1/tables/{tid}", headers=h)).json()
    assert summary["over"] is True
    refusals = [
        await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"}),
        await client.post(f"/v1/tables/{tid}/undo", headers=h, json={"consent": ["Red", "Blue"]}),
        await client.post(f"/v1/tables/{tid}/seats", headers=h, json={"player": "Blue"}),
        await _renew(client, tid, h),
    ]
    for r in refusals:
        body = await r.json()
        assert r.status == 409 and body["error"]["code"] == "GAME-OVER", body
        assert set(body["error"]["message"]) == {"zh-Hans", "zh-Hant", "en"}
    # The action that ended it, retried, still gets its answer; reading still works.
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          json={"action": "add", "player": "Red", "args": {"n": 10}, "request_id": "a9"})
    assert r.status == 200
    assert (await client.get(f"/v1/tables/{tid}/state", headers=h)).status == 200
    assert (await client.get(f"/v1/tables/{tid}/log", headers=h)).status == 200
