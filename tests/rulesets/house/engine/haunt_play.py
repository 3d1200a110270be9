"""Helpers for playing the repository's own haunts to an end: a haunt begun
during Red's turn (the omen drawn in the Foyer), figures made frail, damage
taken, and every turn ended until the clock runs out."""
from engine_helpers import Dice, act, set_trait, start_haunt
from house_content import house_table
from rulesets.house.engine import traits as T

HIGH, LOW = [2] * 8, [0] * 8


def wins(s, attacker, extra=0):
    """Dice for an attack the attacker (a seat, or a monster's Might as a
    number) wins: each of its dice a 2, each of the defender's a 0."""
    n = attacker if isinstance(attacker, int) else T.value(s, attacker, "might") + extra
    return Dice(*[2] * n, *LOW)


def begun(haunt_id, revealer="Red"):
    s = house_table()
    ev = start_haunt(s, s["rules"]["haunts"][haunt_id], revealer=revealer)
    return s, ev


def frail(s, *seats):
    """A step of physical damage from death (R-FIGHT-8)."""
    for seat in seats:
        set_trait(s, seat, "might", 0)
        set_trait(s, seat, "speed", 0)


def absorb(s, trait="might", rng=None):
    """The damaged figure takes it all on one trait (`rng`: the dice for
    whatever the game goes on to roll)."""
    pd = s["pending"]
    assert pd["kind"] == "damage", pd
    return act(s, pd["seat"], "split_damage", rng, split={trait: pd["amount"]})


def ends(s, *seats):
    """Each seat in turn ends its turn (the traitor also the monster turn)."""
    for seat in seats:
        s, _ = act(s, seat, "end_turn")
    return s


def run_out(s, limit=120):
    """Every seat ends its turn (the traitor ends the monster turn) with
    dice that never hurt anyone, until the game ends."""
    events = []
    for _ in range(limit):
        if s["phase"] == "over":
            break
        seat = s["turn"]["seat"]
        s, ev = act(s, s["haunt"]["traitor"] if seat == "monsters" else seat, "end_turn", Dice(*[0] * 60))
        events += ev
    return s, events


def clock_ends(haunt_id, winner, revealer="Red"):
    """R-HAUNT-9: the round clock moves once a round, as the lead's turn
    begins, and at its end (this table size's, when the haunt gives one per
    size) its winner wins."""
    s, _ = begun(haunt_id, revealer)
    end = s["rules"]["haunts"][haunt_id]["clock"]["end"]
    end = end if isinstance(end, int) else end[str(len(s["players"]))]
    s, ev = run_out(s)
    assert [e["value"] for e in ev if e["type"] == "track_advanced"] == list(range(1, end + 1))
    assert ev[-1] == {"type": "game_over", "winner": winner, "reason": "clock"}
    return s


def game_over(ev, winner, reason):
    assert ev[-1] == {"type": "game_over", "winner": winner, "reason": reason}
