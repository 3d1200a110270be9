"""The presenter over real games: every answer's table instructions keep the
shared vocabulary, private events reach only their seats (E-HAND-2), and
every legal action gets a label in every locale."""
from escape_fixture import content
from escape_helpers import E, act, table
from kit import ops as kit_ops
from kit.engine import seeded
from kit.present import TableView
from kit.words import LOCALES
from rulesets.escape import present
from rulesets.escape.engine import sim


def _texts_complete(text):
    return set(text) == set(LOCALES) and all(text[loc] and "{" not in text[loc] for loc in LOCALES)


def test_E_HAND_2_presented_games_keep_the_vocabulary_and_private_lines_private():
    fixture = content()
    for seed in range(8):
        _, log = sim.play(fixture, seed, players=2 + seed % 4, check=False)
        rng = seeded(seed)
        s = sim.new_table(sim.normalize(fixture), {"seats": list(sim.SEATS[:2 + seed % 4]), "locale": "en"}, rng)
        for version, action in enumerate(log, 1):
            s, events = E.apply(s, action, rng)
            view = TableView(E, s, fixture)
            out = present.ops(events, view, version)
            kit_ops.check(out)
            for op in out:
                if op["op"] in ("say", "ask", "game_over"):
                    assert _texts_complete(op.get("text") or op.get("title"))
            private = [e for e in events if e["visible_to"] is not None]
            says = [op for op in out if op["op"] == "say" and op.get("visible_to")]
            assert len(says) >= sum(1 for e in private if e["type"] in ("item_drawn", "cards_received"))
            for op in out:
                if op["op"] == "say" and op["to"] is None:
                    assert "visible_to" not in op
            for m in present.messages(events, view):
                assert _texts_complete(m)
            kit_ops.check(present.layout(view, version))
            for seat in s["seats"]:
                for a in present.label(E.legal_actions(s, seat), view, seat):
                    assert _texts_complete(a["label"]), a


def test_a_drawn_card_is_named_only_to_its_drawer():
    s = table(items=("food", "pipe", "ring"))
    s, events = act(s, "Red", "keep", card="ring")
    out = present.ops(events, TableView(E, s, content()), 7)
    kept = [op for op in out if op["op"] == "say" and op.get("visible_to") == ["Red"]]
    assert kept and kept[0]["text"]["en"] == "You keep ring."
    public = [op["text"]["en"] for op in out if op["op"] == "say" and op["to"] is None]
    assert public and not any("ring" in t for t in public)
    assert all(op["version"] == 7 for op in out)
    (asked,) = [op for op in out if op["op"] == "ask"]
    assert asked["seat"] == "Blue" and asked["kind"] == "keep" and asked["visible_to"] == ["Blue"]
    assert {o["args"]["card"] for o in asked["options"]} == {"food", "pipe"}   # what Red handed on, Blue's alone
