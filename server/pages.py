"""A seat's own page: what that seat alone reads (in the house, its side's
book) as a small standalone HTML page, for a phone or a browser opened
from the table's reading panel.

The link carries the seat's own token in the query (`?token=`: a link
opened from TTS cannot carry a header); the Authorization header works too.
A seat token reads its own seat's page only; the host's token reads any.
What the page holds is the ruleset presenter's `page(view, seat)`: built
from that seat's view, so it never holds what the seat may not see.
"""
from __future__ import annotations

import html

from aiohttp import web

from . import seats
from .calls import seat_field, table_call
from .wire import ProtocolError

_LANG = {"zh-Hans": "zh-Hans", "zh-Hant": "zh-Hant", "en": "en"}
_STYLE = ("body{margin:0;padding:1.2em;max-width:40em;font:18px/1.6 system-ui,-apple-system,"
          "'Noto Sans CJK SC','PingFang SC',sans-serif;background:#16130f;color:#ece4d4}"
          "h1{font-size:1.35em;line-height:1.3;margin:0 0 .8em;color:#f3d28b}"
          "p{margin:0 0 1em}")


def render(page: dict, locale: str) -> str:
    """The page as UTF-8 HTML in `locale`: every text escaped."""
    title = html.escape(_pick(page.get("title"), locale))
    paras = (page.get("paragraphs") or {}).get(locale) or (page.get("paragraphs") or {}).get("en") or []
    body = "\n".join(f"<p>{html.escape(p)}</p>" for p in paras)
    return ("<!DOCTYPE html>\n"
            f"<html lang=\"{_LANG.get(locale, 'en')}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"no-referrer\"><meta name=\"robots\" content=\"noindex\">"
            f"<title>{title}</title><style>{_STYLE}</style></head>\n"
            f"<body><h1>{title}</h1>\n{body}\n</body></html>\n")


def _pick(text, locale: str) -> str:
    if isinstance(text, dict):
        return text.get(locale) or text.get("en") or ""
    return "" if text is None else str(text)


async def get_page(request: web.Request) -> web.Response:
    """`GET /v1/tables/{id}/page?seat=<colour>`: 404 PAGE-NONE while the
    seat has nothing to read (the presenter says when); a seat token naming
    another seat is 403 SEAT-FORBIDDEN."""
    table, _ = await table_call(request, with_body=False, query_token=True)
    own = request.get(seats.SEAT)
    seat = seats.as_seat(request, seat_field(request.query.get("seat"), required=own is None), "seat")
    build = getattr(table.ruleset.presenter, "page", None)
    page = build(table.view(), seat) if build is not None else None
    if page is None:
        raise ProtocolError(404, "PAGE-NONE", f"no page for {seat} yet")
    return web.Response(text=render(page, table.row.locale), content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                                 "X-Content-Type-Options": "nosniff",
                                 "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"})
