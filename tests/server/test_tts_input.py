"""What TTS can send: form fields (WebRequest.post), `[]` for `{}`, `3.0`."""
from __future__ import annotations

import json

from conftest import new_table


async def test_form_body_with_token_field_and_json_args(client):
    tid, h = await new_table(client)
    token = h["Authorization"].split()[1]
    r = await client.post(f"/v1/tables/{tid}/actions",
                          data={"token": token, "action": "add", "player": "Red", "args": json.dumps({"n": 2}),
                                "request_id": "0042", "expect_version": "2"})
    assert r.status == 200, await r.text()
    assert (await r.json())["events"][0]["count"] == 2
    # request_id stayed the text "0042": the same text is a retry.
    again = await client.post(f"/v1/tables/{tid}/actions",
                              data={"token": token, "action": "add", "player": "Red", "args": json.dumps({"n": 2}),
                                    "request_id": "0042"})
    assert (await again.json())["version"] == 3


async def test_form_body_with_dotted_args(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          data={"action": "add", "player": "Blue", "args.n": "3.0"})
    assert r.status == 200, await r.text()
    assert (await r.json())["events"][0]["count"] == 3


async def test_empty_list_for_object_and_float_integers(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          data=json.dumps({"action": "roll", "player": "Red", "args": [], "expect_version": 2.0}),
                          )
    assert r.status == 200, await r.text()
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          json={"action": "add", "player": "Red", "args": {"n": 4.0}, "expect_version": 3.0})
    assert r.status == 200, await r.text()
    assert (await r.json())["events"][0]["count"] == 4


async def test_create_table_from_form_fields(client):
    r = await client.post("/v1/tables", data={"ruleset": "counter", "locale": "zh-Hant", "seats": "Red,Green",
                                              "options": "[]"})
    assert r.status == 201, await r.text()
    assert (await r.json())["seats"] == ["Red", "Green"]


async def test_json_without_content_type_is_read_as_json(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers={**h, "Content-Type": "text/plain"},
                          data=json.dumps({"action": "add", "player": "Red"}))
    assert r.status == 200, await r.text()


async def test_non_integer_float_is_refused_clearly(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          json={"action": "add", "player": "Red", "expect_version": 2.5})
    assert r.status == 400
    err = (await r.json())["error"]
    assert err["code"] == "BAD-REQUEST" and "expect_version" in err["message"]["en"]


async def test_float_integers_in_queries_and_undo_form(client):
    tid, h = await new_table(client)
    body = await (await client.get(f"/v1/tables/{tid}/events?after=1.0&limit=5.0", headers=h)).json()
    assert [e["version"] for e in body["entries"]] == [2]
    await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
    token = h["Authorization"].split()[1]
    r = await client.post(f"/v1/tables/{tid}/undo", data={"token": token, "consent": "Red,Blue",
                                                           "expect_version": "3.0"})
    assert r.status == 200, await r.text()
    assert (await r.json())["undoes"] == 3
