"""Seeded playouts of any ruleset's engine: bots choose among the legal
actions of whoever may act (`to_act`), and an invariant hook checks the
state after every step. Used by each ruleset's tests (hundreds of seeded
games) and the engine benchmark; a game is reproducible from its seed and
replays exactly through the public `apply`.

A ruleset supplies the policy (how its bots choose: weights, objectives),
its invariants, and when to stop a game that runs long (a turn cap).
"""
from __future__ import annotations

import random
from typing import Any, Callable

from .engine import seeded

Policy = Callable[[random.Random, dict, str, list[dict]], dict]


class InvariantError(AssertionError):
    pass


def uniform(bot: random.Random, state: dict, seat: str, actions: list[dict]) -> dict:
    return bot.choice(actions)


def playout(engine: Any, content: dict, seats: list[str], seed: int, policy: Policy = uniform,
            check: Callable[[dict, list[dict]], None] | None = None,
            stop: Callable[[dict], bool] | None = None, in_place: Callable | None = None,
            options: dict | None = None) -> tuple[dict, list[dict]]:
    """One game from the lobby to its end (or until `stop(state)`); returns
    (final state, the actions taken). `in_place(state, action, rng) ->
    events` steps without copying, for an engine that offers it (the
    benchmark's figure); otherwise the public `apply`."""
    rng = seeded(seed)
    bot = random.Random(seed * 7919 + 1)
    state = engine.new_table(content, {"seats": list(seats), "locale": "en", **(options or {})}, rng)
    log: list[dict] = []
    is_over, to_act, legal = engine.is_over, engine.to_act, engine.legal_actions     # looked up once: the loop is hot
    while not is_over(state) and not (stop and stop(state)):
        acting = to_act(state)
        if not acting:
            raise InvariantError(f"seed {seed}: nobody may act in a game that is not over")
        seat = acting[0]
        actions = legal(state, seat)
        if not actions:
            raise InvariantError(f"seed {seed}: {seat} must act but has no legal action")
        a = policy(bot, state, seat, actions)
        action = {"action": a["action"], "player": seat, "args": a["args"]}
        log.append(action)
        if in_place is not None:
            events = in_place(state, action, rng)
        else:
            state, events = engine.apply(state, action, rng)
        if check is not None:
            check(state, events)
    return state, log


def replay(engine: Any, content: dict, seats: list[str], seed: int, log: list[dict],
           options: dict | None = None) -> dict:
    """Rebuild a game from its seed and actions through the public `apply`."""
    rng = seeded(seed)
    state = engine.new_table(content, {"seats": list(seats), "locale": "en", **(options or {})}, rng)
    for action in log:
        state, _ = engine.apply(state, action, rng)
    return state
