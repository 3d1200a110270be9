"""A seat's own page (GET /v1/tables/{id}/page) and what a seat token's
answers hold once the haunt began: each side reads its own book only
(R-HAUNT-7), with a known traitor and with a hidden one.

The game is the real house engine and content, played by the simulator's
bots through HTTP, every action sent with the acting seat's own token. The
haunt the chart would pick is replaced by one of the content's haunts with
the traitor rule the test needs, so the test does not depend on the chart."""
from __future__ import annotations

import html
import json
import random

from server.app import TABLES
from test_house import SEATS, _post, _setup, house_content, house_settings, make_house, source  # noqa: F401

PAGE = "/v1/tables/{tid}/page"


async def _tokens(client, tid, h) -> dict[str, dict]:
    out = {}
    for seat in SEATS:
        body = await _post(client, f"/v1/tables/{tid}/seat-tokens", h, {"seat": seat}, 201)
        out[seat] = body["seat_token"]
    return out


def _force_haunt(table, hidden: bool) -> dict:
    """Whatever omen starts it, the haunt is the content's first one with a
    traitor, told as the test needs (R-HAUNT-3: left of the revealer)."""
    state = table.state
    haunts = state["rules"]["haunts"]
    hid = next(k for k in sorted(haunts) if haunts[k].get("traitor_book"))
    spec = {**haunts[hid], "traitor": {**haunts[hid]["traitor"], "rule": "left_of_revealer", "hidden": hidden,
                                       "except_revealer": False}}
    state["rules"] = {**state["rules"], "haunts": {hid: spec}, "chart": {"omens": [], "rooms": [], "cells": {}}}
    return spec


def _texts(book: dict, content: dict) -> list[str]:
    """Each paragraph of a book in every locale, as written and as shown
    (markup dropped, icons named): what must never reach the other side."""
    from kit.words import catalog
    from rulesets.house import INFO
    from rulesets.house.present.names import Namer
    from rulesets.house.present.reading import paragraphs
    shown = paragraphs(book, Namer(content, {}, catalog(INFO.folder)))
    lines = [p.strip() for text in book.values() for p in text.split("\n\n")]
    lines += [p for paras in shown.values() for p in paras]
    return sorted({line for line in lines if len(line) > 8})


def _shown(book: dict, content: dict) -> str:
    """The first paragraph of a book as its page shows it (zh-Hans, the table's locale)."""
    from kit.words import catalog
    from rulesets.house import INFO
    from rulesets.house.present.names import Namer
    from rulesets.house.present.reading import paragraphs
    return paragraphs(book, Namer(content, {}, catalog(INFO.folder)))["zh-Hans"][0]


async def _play_to_the_haunt(client, tid, tokens, bot, extra=40):
    """Bots act, each with its own seat token, until the haunt has begun
    and `extra` actions more (or the game ends). Returns every answer, by
    the seat whose token got it."""
    from rulesets.house.engine.sim import actor, pick
    table = client.server.app[TABLES].get(tid)
    answers: dict[str, list[str]] = {s: [] for s in SEATS}
    busy, last, after = 0, None, None
    for _ in range(3000):
        state = table.state
        if state["phase"] == "over" or (after is not None and after <= 0):
            break
        if state["phase"] == "haunt":
            after = extra if after is None else after - 1
        seat = actor(state)
        auth = {"Authorization": "Bearer " + tokens[seat]}
        acts = (await (await client.get(f"/v1/tables/{tid}/legal", headers=auth)).json())["actions"]
        busy = busy + 1 if seat == last else 0
        last = seat
        act = pick(bot, acts, busy)
        r = await client.post(f"/v1/tables/{tid}/actions", headers=auth,
                              json={"action": act["action"], "args": act.get("args", {})})
        assert r.status == 200, await r.text()
        answers[seat].append(await r.text())
    assert table.state["phase"] in ("haunt", "over") and table.state["haunt"], "no haunt within the cap"
    return answers


async def _page(client, tid, seat, token, how="query"):
    if how == "query":
        return await client.get(PAGE.format(tid=tid) + f"?seat={seat}&token={token}")
    return await client.get(PAGE.format(tid=tid) + f"?seat={seat}", headers={"Authorization": "Bearer " + token})


async def _everything_a_token_reads(client, tid, token) -> str:
    auth = {"Authorization": "Bearer " + token}
    texts = []
    for path in ("/state", "/events?after=0&limit=500", "/log", "/legal", "/page"):
        r = await client.get(f"/v1/tables/{tid}{path}", headers=auth)
        texts.append(await r.text())
    return "\n".join(texts)


async def _game(make_house, house_content, source, seed, hidden):
    client = await make_house()
    source.seed(seed)
    tid, h = await _setup(client, house_content[1])
    tokens = await _tokens(client, tid, h)
    r = await _page(client, tid, "Red", tokens["Red"])
    assert r.status == 404 and (await r.json())["error"]["code"] == "PAGE-NONE"
    spec = _force_haunt(client.server.app[TABLES].get(tid), hidden)
    answers = await _play_to_the_haunt(client, tid, tokens, random.Random(seed))
    haunt = client.server.app[TABLES].get(tid).state["haunt"]
    return client, tid, h, tokens, spec, answers, haunt


async def test_each_seat_reads_its_own_sides_book_and_never_the_others_R_HAUNT_7(make_house, house_content,
                                                                                  source):
    """R-HAUNT-7 with a known traitor: the page of a hero holds the haunt's
    title and the heroes' book, the traitor's the traitor's book; no answer
    a hero's token gets (actions, state, events, log, legal, page) holds a
    line of the traitor's book, while the host's token, which relays every
    seat, does get it."""
    client, tid, h, tokens, spec, answers, haunt = await _game(make_house, house_content, source, 3, False)
    traitor = haunt["traitor"]
    heroes = [s for s in SEATS if s != traitor]
    content = house_content[1]
    secret, public = _texts(spec["traitor_book"], content), _texts(spec["heroes_book"], content)
    for seat in SEATS:
        r = await _page(client, tid, seat, tokens[seat], "query" if seat != heroes[0] else "header")
        assert r.status == 200 and r.content_type == "text/html" and r.charset == "utf-8"
        page = await r.text()
        assert spec["title"]["zh-Hans"] in page and '<meta name="viewport"' in page
        book, theirs = ("traitor_book", public) if seat == traitor else ("heroes_book", secret)
        assert html.escape(_shown(spec[book], content)) in page
        assert not any(html.escape(line) in page for line in theirs), seat
    for hero in heroes:
        seen = "\n".join(answers[hero]) + await _everything_a_token_reads(client, tid, tokens[hero])
        assert not any(line in seen for line in secret), hero
    host = (await (await client.get(f"/v1/tables/{tid}/events?after=0&limit=500", headers=h)).text())
    assert any(json.dumps(line, ensure_ascii=False)[1:-1][:20] in host for line in secret)
    # The host's token reads any seat's page; a seat token only its own.
    r = await client.get(PAGE.format(tid=tid) + f"?seat={traitor}", headers=h)
    assert r.status == 200 and html.escape(_shown(spec["traitor_book"], content)) in await r.text()
    r = await _page(client, tid, traitor, tokens[heroes[0]])
    assert r.status == 403 and (await r.json())["error"]["code"] == "SEAT-FORBIDDEN"
    r = await client.get(PAGE.format(tid=tid) + f"?seat={traitor}")
    assert r.status == 401
    r = await client.get(PAGE.format(tid=tid) + f"?seat={traitor}&token=not-a-token")
    assert r.status == 403 and (await r.json())["error"]["code"] == "AUTH-FORBIDDEN"


async def test_with_a_hidden_traitor_no_hero_learns_the_traitor_nor_its_book_R_HAUNT_7(make_house, house_content,
                                                                                      source):
    """R-HAUNT-3/7, hidden traitor: the heroes' pages hold the heroes' book;
    the traitor's page the traitor's; nothing a hero's token reads names the
    traitor (until revealed) or holds a line of its book."""
    client, tid, h, tokens, spec, answers, haunt = await _game(make_house, house_content, source, 5, True)
    traitor = haunt["traitor"]
    heroes = [s for s in SEATS if s != traitor]
    content = house_content[1]
    secret = _texts(spec["traitor_book"], content)
    page = await (await _page(client, tid, traitor, tokens[traitor])).text()
    assert html.escape(_shown(spec["traitor_book"], content)) in page
    for hero in heroes:
        page = await (await _page(client, tid, hero, tokens[hero])).text()
        assert html.escape(_shown(spec["heroes_book"], content)) in page
        assert not any(html.escape(line) in page for line in secret)
        seen = "\n".join(answers[hero]) + await _everything_a_token_reads(client, tid, tokens[hero])
        assert not any(line in seen for line in secret), hero
        assert '"traitor_chosen"' not in seen


def test_a_page_is_escaped_utf8_html_in_the_tables_locale():
    """The page's texts are escaped (a book is data, never markup), in the
    table's locale, with a phone's viewport."""
    from server.pages import render
    page = {"title": {"zh-Hans": "《守灯夜》", "zh-Hant": "《守燈夜》", "en": "The <Vigil>"},
            "paragraphs": {"zh-Hans": ["点燃烛芯。"], "zh-Hant": ["點燃燭芯。"], "en": ["Light <b>it</b> & run."]}}
    en = render(page, "en")
    assert '<html lang="en">' in en and "<title>The &lt;Vigil&gt;</title>" in en
    assert "<p>Light &lt;b&gt;it&lt;/b&gt; &amp; run.</p>" in en and "<b>" not in en
    hant = render(page, "zh-Hant")
    assert '<html lang="zh-Hant">' in hant and "<p>點燃燭芯。</p>" in hant and "Light" not in hant
    assert '<meta charset="utf-8">' in hant and 'name="viewport"' in hant
