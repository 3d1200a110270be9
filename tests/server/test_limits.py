"""Who pays for a request: the address before anything is read, the token
only once it opened its table, and table creation by address."""
from __future__ import annotations

from types import SimpleNamespace

from multidict import CIMultiDict

from conftest import new_table
from server.app import LIMITER
from server.ratelimit import client_address


async def test_invented_tokens_get_no_bucket_of_their_own(make_client, settings):
    settings.rate_per_second, settings.rate_burst = 0.01, 2
    client = await make_client(settings)
    tid, h = await new_table(client, sit=False)
    limiter = client.app[LIMITER]
    before = len(limiter._buckets)
    for i in range(20):
        r = await client.get(f"/v1/tables/{tid}", headers={"Authorization": f"Bearer bogus{i}"})
        assert r.status == 403
    assert len(limiter._buckets) == before
    # The real token's own bucket is still whole: two requests, then 429.
    assert [(await client.get(f"/v1/tables/{tid}", headers=h)).status for _ in range(3)] == [200, 200, 429]


async def test_the_address_pays_before_the_body_is_read(make_client, settings):
    settings.address_rate, settings.address_burst = 0.01, 3
    client = await make_client(settings)
    tid = "0123456789abcdef"
    statuses = [(await client.post(f"/v1/tables/{tid}/actions", data=b"{not json",
                                   headers={"Content-Type": "application/json"})).status for _ in range(5)]
    assert statuses == [400, 400, 400, 429, 429]
    assert (await client.post("/v1/tables", data=b"[[[")).status == 429
    assert (await client.get("/healthz")).status == 200       # a monitor is never limited


async def test_creating_tables_has_its_own_bucket_and_refusals_do_not_spend_it(make_client, settings):
    settings.create_rate, settings.create_burst = 0.01, 2
    client = await make_client(settings)
    for _ in range(5):
        assert (await client.post("/v1/tables", json={"ruleset": "counter", "seats": [["Red"]]})).status == 400
    made = [(await client.post("/v1/tables", json={"ruleset": "counter", "seats": ["Red"]})).status
            for _ in range(3)]
    assert made == [201, 201, 429]


def _request(remote: str, forwarded: list[str]) -> SimpleNamespace:
    headers = CIMultiDict()
    for value in forwarded:
        headers.add("X-Forwarded-For", value)
    return SimpleNamespace(remote=remote, headers=headers)


def test_x_forwarded_for_is_believed_from_a_trusted_proxy_only():
    proxy = ("10.9.9.9",)
    assert client_address(_request("203.0.113.5", ["198.51.100.7"]), proxy) == "203.0.113.5"
    assert client_address(_request("10.9.9.9", ["198.51.100.7"]), proxy) == "198.51.100.7"
    # The client may send its own header: only the hop the proxy added counts.
    assert client_address(_request("10.9.9.9", ["1.2.3.4, 198.51.100.7"]), proxy) == "198.51.100.7"
    assert client_address(_request("10.9.9.9", ["1.2.3.4", "198.51.100.7, 10.9.9.9"]), proxy) == "198.51.100.7"
    assert client_address(_request("10.9.9.9", ["not-an-address"]), proxy) == "10.9.9.9"
    assert client_address(_request("10.9.9.9", []), proxy) == "10.9.9.9"
