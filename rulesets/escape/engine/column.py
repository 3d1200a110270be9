"""The column: one line of members, front first. A member is a seat (a
player, alive or infected) or an infected token's id. Hidden and dead
players and eliminated infected are not in it."""
from __future__ import annotations

from .flow import emit


def alive(state: dict, member) -> bool:
    """A player in the column who is not infected."""
    p = state["players"].get(member)
    return p is not None and p["status"] == "alive"


def living(state: dict) -> list[str]:
    """The players in the column who are not infected, front to back."""
    players = state["players"]
    return [m for m in state["column"] if m in players and players[m]["status"] == "alive"]


def is_infected(state: dict, member) -> bool:
    return member in state["infected"]


def neighbours(state: dict, member) -> tuple:
    """(the member in front, the member behind); None at an end."""
    col = state["column"]
    i = col.index(member)
    return (col[i - 1] if i > 0 else None, col[i + 1] if i + 1 < len(col) else None)


def adjacent_infected(state: dict, seat) -> list:
    """The infected right next to `seat`, the one in front first."""
    return [m for m in neighbours(state, seat) if m is not None and m in state["infected"]]


def attack_targets(state: dict, member) -> list[str]:
    """E-ATK-1/5: the nearest players on each side who are not infected, the
    one nearer the leader first; another infected or no one blocks a side."""
    return [m for m in neighbours(state, member) if m is not None and alive(state, m)]


def leader(state: dict) -> str | None:
    """The front-most player who is not infected (E-ATK-5)."""
    for m in state["column"]:
        if alive(state, m):
            return m
    return None


def show(state: dict, events: list, reason: str) -> None:
    emit(events, "column_changed", column=list(state["column"]), reason=reason)


def swap(state: dict, a, b, reason: str, events: list) -> None:
    col = state["column"]
    i, j = col.index(a), col.index(b)
    col[i], col[j] = b, a
    emit(events, "places_swapped", a=a, b=b, reason=reason)
    show(state, events, reason)


def move_to(state: dict, member, where: str, reason: str, events: list) -> None:
    col = state["column"]
    col.remove(member)
    if where == "front":
        col.insert(0, member)
    else:
        col.append(member)
    show(state, events, reason)


def leave(state: dict, member, reason: str, events: list) -> None:
    """The member leaves the column; its neighbours close the gap."""
    state["column"].remove(member)
    show(state, events, reason)
