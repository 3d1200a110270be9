"""Each refusal path: status, protocol code, every locale, nothing changed."""
from __future__ import annotations

from conftest import new_table
from server.settings import Settings


async def _err(r):
    body = await r.json()
    assert body["ok"] is False and set(body["error"]["message"]) == {"zh-Hans", "zh-Hant", "en"}
    return body["error"]


async def test_401_without_token(client):
    tid, _ = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", json={"action": "add", "player": "Red"})
    assert r.status == 401 and (await _err(r))["code"] == "AUTH-MISSING"
    r = await client.get(f"/v1/tables/{tid}/state")
    assert r.status == 401


async def test_403_with_another_tables_token(client):
    tid, _ = await new_table(client)
    _, other = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=other, json={"action": "add", "player": "Red"})
    assert r.status == 403 and (await _err(r))["code"] == "AUTH-FORBIDDEN"
    r = await client.get(f"/v1/tables/{tid}/log", headers={"X-Table-Token": "forged"})
    assert r.status == 403


async def test_an_outsider_cannot_tell_which_table_ids_exist(client):
    """Without a token every id answers 401; with one that does not open it,
    a table that exists and one that does not both answer 403."""
    tid, h = await new_table(client)
    _, other = await new_table(client)
    missing = "0123456789abcdef"
    for path in ("", "/state", "/log", "/events?after=0"):
        answers = [await client.get(f"/v1/tables/{t}{path}", headers=hd)
                   for t, hd in ((tid, {}), (missing, {}), ("x" * 300, {}))]
        assert [r.status for r in answers] == [401, 401, 401]
        answers = [await client.get(f"/v1/tables/{t}{path}", headers=hd)
                   for t, hd in ((tid, other), (missing, h), (missing, other))]
        assert [r.status for r in answers] == [403, 403, 403]
        assert len({(await r.read()) for r in answers}) == 1
    r = await client.post(f"/v1/tables/{missing}/actions", headers=h, json={"action": "add", "player": "Red"})
    assert r.status == 403 and (await _err(r))["code"] == "AUTH-FORBIDDEN"


async def test_404_unknown_route_and_ruleset(client):
    r = await client.get("/v2/nothing")
    assert r.status == 404 and (await _err(r))["code"] == "NOT-FOUND"
    r = await client.post("/v1/tables", json={"ruleset": "chess", "seats": ["Red"]})
    assert r.status == 404 and (await _err(r))["code"] == "UNKNOWN-RULESET"


async def test_405_wrong_method(client):
    r = await client.get("/v1/tables")
    assert r.status == 405 and (await _err(r))["code"] == "METHOD-NOT-ALLOWED"


async def test_409_stale_version_reports_current_and_changes_nothing(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          json={"action": "add", "player": "Red", "expect_version": 1})
    assert r.status == 409
    err = await _err(r)
    assert err["code"] == "VERSION-STALE" and err["version"] == 2
    assert (await (await client.get(f"/v1/tables/{tid}", headers=h)).json())["version"] == 2


async def test_409_request_id_reused_for_another_action(client):
    tid, h = await new_table(client)
    await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red",
                                                                      "request_id": "x"})
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Blue",
                                                                          "request_id": "x"})
    assert r.status == 409 and (await _err(r))["code"] == "REQUEST-ID-REUSED"


async def test_413_body_over_the_cap(make_client, settings):
    settings.max_body_bytes = 1024
    client = await make_client(settings)
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          json={"action": "say", "player": "Red", "args": {"text": "鬼" * 2000}})
    assert r.status == 413 and (await _err(r))["code"] == "TOO-LARGE"
    assert (await (await client.get(f"/v1/tables/{tid}", headers=h)).json())["version"] == 2


async def test_422_rule_refusal(client):
    tid, h = await new_table(client, sit=False)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
    assert r.status == 422 and (await _err(r))["code"] == "R-TEST-SEATED"


async def test_400_bad_fields(client):
    tid, h = await new_table(client)
    for body in ({"player": "Red"}, {"action": "add", "player": "Mauve"}, {"action": "add", "args": 5},
                 {"action": "add", "expect_version": "soon"}):
        r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json=body)
        assert r.status == 400, body
        assert (await _err(r))["code"] == "BAD-REQUEST"
    r = await client.post(f"/v1/tables/{tid}/actions", headers={**h, "Content-Type": "application/json"},
                          data=b'{"action": ')
    assert r.status == 400
    r = await client.post("/v1/tables", json={"ruleset": "counter", "seats": ["Red", "Red"]})
    assert r.status == 400


async def test_429_per_token_with_retry_after(make_client, settings):
    settings.rate_per_second, settings.rate_burst = 0.5, 3
    client = await make_client(settings)
    tid, h = await new_table(client, sit=False)   # creation is limited per address, not per token
    statuses = []
    for _ in range(5):
        r = await client.get(f"/v1/tables/{tid}", headers=h)
        statuses.append(r.status)
    assert statuses[:3] == [200, 200, 200] and statuses[3] == 429
    assert int(r.headers["Retry-After"]) >= 1
    assert (await _err(r))["code"] == "RATE-LIMITED"


def test_settings_refuse_nonsense():
    import pytest

    from server.settings import parse
    with pytest.raises(SystemExit):
        parse(["--port", "0"])
    s = parse(["--port", "9000", "--cors", "https://a.example, https://b.example"])
    assert isinstance(s, Settings) and s.port == 9000 and s.cors_origins == ("https://a.example", "https://b.example")
