"""What a seat token may do: act as its own seat only, read only what that
seat may see (the events and ops visible to it), never undo or issue tokens."""
from __future__ import annotations

from aiohttp import web

from .wire import ProtocolError

# Request key: the seat a seat token acts as (absent: the host's token).
SEAT = web.RequestKey("seat", str) if hasattr(web, "RequestKey") else "hauntkit.seat"


def as_seat(request: web.Request, seat: str | None, name: str = "player") -> str | None:
    """The seat a request names, held to its seat token's seat (a seat
    token names its own seat by default and no other)."""
    own = request.get(SEAT)
    if own is None:
        return seat
    if seat not in (None, own):
        raise ProtocolError(403, "SEAT-FORBIDDEN", f"{name}: this seat token is {own}'s")
    return own


def host_only(request: web.Request, code: str = "HOST-ONLY") -> None:
    if request.get(SEAT) is not None:
        raise ProtocolError(403, code, "a seat token cannot do this; the host's token can")
