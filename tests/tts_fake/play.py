"""Playing a whole game from the table, the way players do: every step is a
gesture on the fake table (a drag, a board button, a dialog answered, the
host's panel), never a call to the server. What to do next is read from the
server (its state and legal list), as a player reads the table; how it is
done is always a gesture. `Game.check` compares the table with the server
after each step."""
from __future__ import annotations

from collections import deque

from .game import SIDES, Game

MENU = {"attack", "use", "pick_up", "room_action", "drop_through", "monster_attack", "monster_pick_up"}


def path_between(adj: dict, a: str, b: str) -> list[str] | None:
    """A shortest way from `a` to `b` through the server's adjacency."""
    prev, todo = {a: None}, deque([a])
    while todo:
        r = todo.popleft()
        if r == b:
            out = []
            while r != a:
                out.append(r)
                r = prev[r]
            return out[::-1]
        for n in sorted(adj.get(r, [])):
            if n not in prev:
                prev[n] = r
                todo.append(n)
    return None


class Table:
    """A game in progress at the fake table, and the gestures that drive it."""

    def __init__(self, game: Game):
        self.game = game
        self.done: set[str] = set()        # the gestures made so far
        self.visits: dict[str, dict[str, int]] = {}

    @property
    def fake(self):
        return self.game.fake

    def legal(self, seat: str) -> list[dict]:
        return self.game.get(f"/legal?seat={seat}")["actions"]

    def check(self, step: str) -> dict:
        return self.game.check(step)

    # -- gestures ---------------------------------------------------------
    def drop_figure(self, seat: str, view: dict, room: str) -> dict:
        pos = self.game.room_pos(room)
        self.fake.drag(self.game.figure(seat, view), {"x": pos["x"], "y": 3, "z": pos["z"]}, seat)
        self.done.add("move")
        return self.check(f"{seat} walks to {room}")

    def discover(self, seat: str, view: dict, side: str) -> dict:
        pos = self.game.room_pos(view["players"][seat]["room"])
        dx, dz = SIDES[side]
        pitch = self.game.tts["tile"]["pitch"]
        self.fake.drag(self.game.figure(seat, view), {"x": pos["x"] + dx * pitch, "y": 3,
                                                     "z": pos["z"] + dz * pitch}, seat)
        self.done.add("discover")
        return self.check(f"{seat} discovers {side}")

    def button(self, seat: str, view: dict, fn: str) -> dict:
        self.fake.click_button(self.game.board(seat, view), fn, seat)
        self.fake.settle()
        self.done.add(fn)
        return self.check(f"{seat} presses {fn}")

    def menu(self, seat: str, view: dict, pick: dict) -> dict:
        """The board's Actions… button, then the option the server listed for `pick`."""
        offered = [a for a in self.legal(seat) if a["action"] in MENU]
        index = offered.index(pick) + 1
        self.fake.click_button(self.game.board(seat, view), "hk_btn_actions", seat)
        self.fake.settle()
        self.fake.answer_dialog(seat, index)
        self.done.add("menu:" + pick["action"])
        return self.check(f"{seat} picks {pick['action']} from the menu")

    def drag_token(self, traitor: str, token: str, room: str) -> dict:
        guid = next(o.getGUID() for o in self.fake.api.getObjectsWithTag("token").values()
                    if o.getGMNotes() == "token:" + token)
        pos = self.game.room_pos(room)
        self.fake.drag(guid, {"x": pos["x"], "y": 3, "z": pos["z"]}, traitor)
        self.done.add("monster_move")
        return self.check(f"{traitor} drags {token} to {room}")

    def drag_card(self, seat: str, card: str, to: dict, what: str) -> dict:
        self.fake.drag(self.game.tts["cards"][card]["guid"], {**to, "y": 3}, seat)
        self.done.add(what)
        return self.check(f"{seat}: {what} {card}")

    def resolve(self) -> dict:
        """Answer whatever the server asks, as players do: a trait roll with
        the board's button, everything else in the dialog shown to that colour."""
        for _ in range(60):
            view = self.check("a question")
            pending = view.get("pending")
            if not pending:
                return view
            seat = pending["seat"]
            if pending["kind"] == "roll" and pending.get("trait"):
                self.button(seat, view, "hk_btn_roll")
                continue
            open_for = [d for d in self.fake.dialogs() if d["color"] == seat]
            assert open_for, f"the server waits for {seat} ({pending['kind']}) but no dialog is open"
            self.fake.answer_dialog(seat, 1)
            self.done.add("dialog:" + pending["kind"])
        raise AssertionError("the questions never ended")

    # -- a turn -----------------------------------------------------------
    def attack_if_possible(self, seat: str, view: dict) -> dict:
        """Every attack the seat may make now (a monster turn: one per monster)."""
        for _ in range(8):
            attacks = [a for a in self.legal(seat) if a["action"] in ("attack", "monster_attack")]
            if not attacks or view["phase"] != "haunt":
                break
            view = self.menu(seat, view, attacks[0])
            view = self.resolve()
        return view

    def toward(self, seat: str, view: dict, targets: set[str]) -> dict:
        """Walk (one drop, however far) to the legal room nearest a target."""
        adj = view["adj"]

        def dist(room: str) -> int:
            return min((len(w) for w in (path_between(adj, room, t) for t in targets) if w is not None),
                       default=99)

        here = view["players"][seat]["room"]
        if not targets or here in targets:
            return view
        dests = [(a["args"].get("path") or [a["args"].get("to")])[-1]
                 for a in self.legal(seat) if a["action"] == "move"]
        best = min(dests, key=dist, default=None)
        if best is not None and dist(best) < dist(here):
            view = self.drop_figure(seat, view, best)
            view = self.resolve()
        return view

    def wander(self, seat: str, view: dict) -> dict:
        """Walk to the reachable room this seat has been to least (nearest
        first among those), so the house gets explored."""
        counts = self.visits.setdefault(seat, {})
        dests = [(a["args"].get("path") or [a["args"].get("to")]) for a in self.legal(seat) if a["action"] == "move"]
        if not dests:
            return view
        path = min(dests, key=lambda p: (counts.get(p[-1], 0), -len(p), p[-1]))
        counts[path[-1]] = counts.get(path[-1], 0) + 1
        view = self.drop_figure(seat, view, path[-1])
        return self.resolve()

    def opponents(self, seat: str, view: dict) -> set[str]:
        traitor = (view.get("haunt") or {}).get("traitor")
        rooms = set()
        for s, p in view["players"].items():
            if s != seat and p.get("alive") and ((s == traitor) != (seat == traitor)):
                rooms.add(p["room"])
        if seat != traitor:
            rooms |= {m["room"] for m in (view.get("haunt") or {}).get("monsters") or [] if not m.get("stunned")}
        return rooms

    def monsters_turn(self, view: dict) -> dict:
        """The traitor drags each monster toward the nearest hero, as far as
        its movement goes, attacks if it can, then ends the monsters' turn."""
        haunt = view["haunt"]
        traitor = haunt["traitor"]
        heroes = {p["room"] for s, p in view["players"].items() if s != traitor and p.get("alive")}
        for m in haunt["monsters"]:
            m = next(x for x in self.check("monsters")["haunt"]["monsters"] if x["id"] == m["id"])
            if m.get("stunned") or m.get("recovering") or not m.get("left") or m["room"] in heroes:
                continue
            ways = [p for p in (path_between(view["adj"], m["room"], h) for h in sorted(heroes)) if p]
            if not ways:
                continue
            way = min(ways, key=len)
            view = self.drag_token(traitor, m["id"], way[min(len(way), m["left"]) - 1])
            view = self.resolve()
        view = self.attack_if_possible(traitor, view)
        if view["phase"] == "haunt" and self.game.current(view) == "monsters":
            view = self.button(traitor, view, "hk_btn_end_turn")
            view = self.resolve()
        return view
