"""The reading panels (tts_lua/hauntkit/reading.lua), one op at a time: the
built save's scripts under the TTS fake, fed `show_text` by a scripted
server. The host's TTS gets every op, so the Lua must put a text only into
the panels of the colours its `visible_to` names (R-HAUNT-7)."""
from __future__ import annotations

import json

from tests.tts_fake.game import built  # noqa: F401  (fixture)
from tests.tts_fake.scripted import Scripted, entry, table

COLOURS = ("White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink")


def _t(zh, en):
    return {"zh-Hans": zh, "zh-Hant": zh, "en": en}


def _book(title, paras, to=None):
    op = {"op": "show_text", "panel": "book", "title": _t(title, title),
          "paragraphs": {"zh-Hans": paras, "zh-Hant": paras, "en": paras}}
    if to is not None:
        op["visible_to"] = to
    return op


def _text(fake, colour):
    return fake.ui(f"hk_read_{colour}_text")["value"]


def _active(fake, element):
    return fake.ui(element)["attributes"].get("active") == "true"


def test_a_book_goes_into_the_panels_of_its_own_side_only_R_HAUNT_7(built):
    server = Scripted(1, [entry(1, _book("Heroes", ["Light the wicks.", "Hurry."], ["Red", "Green"]),
                                _book("Traitor", ["Put out every light."], ["Blue"]))])
    fake = table(built, server)
    assert _text(fake, "Red") == _text(fake, "Green") == "Light the wicks.\n\nHurry."
    assert _text(fake, "Blue") == "Put out every light."
    for colour in COLOURS:
        if colour not in ("Red", "Green", "Blue"):
            assert _text(fake, colour) == "" and not _active(fake, f"hk_read_{colour}"), colour
    for colour in ("Red", "Green", "Blue"):
        panel = fake.ui(f"hk_read_{colour}")["attributes"]
        assert panel["visibility"] == colour and _active(fake, f"hk_read_{colour}")
    # Each colour's panel links to its own page, with its own seat token (asked once, by the host).
    assert sorted(server.seat_tokens) == ["Blue", "Green", "Red"]
    link = fake.ui("hk_read_Blue_link")["attributes"]["text"]
    assert link == "http://rules/v1/tables/t/page?seat=Blue&token=tok-Blue"     # the server the table reaches
    assert _active(fake, "hk_read_Blue_links") and not _active(fake, "hk_read_White_links")
    saved = json.loads(fake.save_state())
    assert saved["links"]["Red"].endswith("seat=Red&token=tok-Red") and saved["links_table"] == "t"


def test_a_panel_closes_and_reopens_for_its_own_colour_only_R_HAUNT_7(built):
    server = Scripted(1, [entry(1, _book("Heroes", ["Light the wicks."], ["Red", "Blue"]))])
    fake = table(built, server)
    fake.click("hk_read_Red_close", "Red")
    assert not _active(fake, "hk_read_Red") and _active(fake, "hk_read_Red_reopen")
    assert _active(fake, "hk_read_Blue")
    fake.click("hk_read_Red_reopen", "Red")
    assert _active(fake, "hk_read_Red") and not _active(fake, "hk_read_Red_reopen")
    # A colour with nothing to read has nothing to reopen.
    fake.click("hk_read_Green_reopen", "Green")
    assert not _active(fake, "hk_read_Green")


def test_a_public_text_reaches_every_panel_and_asks_no_token(built):
    server = Scripted(1, [entry(1, _book("Notice", ["Everyone reads this."]))])
    fake = table(built, server)
    assert all(_text(fake, c) == "Everyone reads this." for c in COLOURS)
    assert server.seat_tokens == []



def test_a_layout_lays_a_text_out_again_without_closing_what_its_reader_has_open(built):
    """A resync (an undo, a gap) lays the whole table out quietly: a panel
    already showing that text stays as its reader left it; a new one waits
    closed, to be reopened."""
    heroes = _book("Heroes", ["Light the wicks."], ["Red"])
    server = Scripted(1, [entry(1, heroes)])
    fake = table(built, server)
    assert _active(fake, "hk_read_Red") and _text(fake, "Blue") == ""
    server.layout = [{**heroes, "version": 2, "seq": 0},
                     {**_book("Traitor", ["Hush."], ["Blue"]), "version": 2, "seq": 1}]
    server.entries.append(entry(2, {"op": "sync"}))
    server.version = 2
    fake.settle(5.0)
    assert _text(fake, "Blue") == "Hush." and not _active(fake, "hk_read_Blue")
    assert _active(fake, "hk_read_Blue_reopen")
    assert _active(fake, "hk_read_Red") and _text(fake, "Red") == "Light the wicks."
