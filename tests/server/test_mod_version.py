"""The server names the save version its build expects, so the Lua can warn
a host whose save is older or newer than the server's content."""
import json

from conftest import new_table
from counter_engine import CONTENT


async def test_create_and_summary_carry_the_builds_mod_version(make_client, settings):
    content = dict(CONTENT, tts={"mod_version": "0.1.0+abc123"})
    (settings.content_dir / "counter.json").write_text(json.dumps(content), encoding="utf-8")
    client = await make_client(settings)
    r = await client.post("/v1/tables", json={"ruleset": "counter", "seats": ["Red"]})
    body = await r.json()
    assert body["mod_version"] == "0.1.0+abc123"
    headers = {"Authorization": f"Bearer {body['host_token']}"}
    r = await client.get(f"/v1/tables/{body['table_id']}", headers=headers)
    assert (await r.json())["mod_version"] == "0.1.0+abc123"


async def test_a_build_without_a_save_says_so_with_null(client):
    table_id, headers = await new_table(client, sit=False)
    r = await client.get(f"/v1/tables/{table_id}", headers=headers)
    assert (await r.json())["mod_version"] is None
