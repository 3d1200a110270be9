"""What relay's tests share: its registration, a compiled content, a full
build (render + save) into a temporary folder, and an engine game driver."""
from __future__ import annotations

import json
import random
from pathlib import Path

REGISTRATION = "relay=tests.fixtures.rulesets.relay"
ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "tests" / "fixtures" / "rulesets" / "relay"


def compiled() -> dict:
    from pipeline.content.compile import compile_ruleset
    from pipeline.content.loader import load_ruleset
    return json.loads(json.dumps(compile_ruleset(load_ruleset("relay"), ROOT)))


def full_build(build: Path) -> tuple[dict, dict]:
    """`python -m pipeline build relay` into `build`: (manifest, tts section)."""
    from pipeline.build import build as run
    assert run(ROOT, build, ["relay"]) == 0
    manifest = json.loads((build / "assets" / "manifest.relay.json").read_text(encoding="utf-8"))
    section = json.loads((build / "content" / "relay.tts.json").read_text(encoding="utf-8"))
    return manifest, section


def started(content: dict, seats=("Red", "Blue", "Green"), first: str | None = None, seed: int = 1):
    """A table with every seat seated and the game started by `first`."""
    from tests.fixtures.rulesets.relay import engine
    rng = random.Random(seed)
    state = engine.new_table(content, {"seats": list(seats)}, rng)
    for seat in seats:
        state, _ = engine.apply(state, {"action": "sit", "player": seat, "args": {}}, rng)
    state, events = engine.apply(state, {"action": "start", "player": first or seats[0], "args": {}}, rng)
    return state, events


def act(state: dict, seat: str, action: str, rng=None, **args):
    from tests.fixtures.rulesets.relay import engine
    return engine.apply(state, {"action": action, "player": seat, "args": args}, rng or random.Random(0))
