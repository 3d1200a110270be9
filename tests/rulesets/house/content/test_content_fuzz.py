"""Any mangled content gives a ContentError with places, never a crash.

Seeded random edits (values swapped for other types, fields deleted or
invented) over the valid base tree: bad input must come back as problems
an author can act on, with a real file and line, and nothing else.
"""
import copy
import random
import shutil
from pathlib import Path

import yaml

from pipeline.content.errors import ContentError
from pipeline.content.loader import load_ruleset

BASE = Path(__file__).parent / "fixtures" / "base"
VALUES = [None, 0, -1, 99, True, "x", "", [], {}, [1, 2], {"a": 1}, "N", "choose", 1.5]


def _mutate(data, rng: random.Random) -> None:
    slots = []

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                slots.append((node, key))
                walk(value)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                slots.append((node, i))
                walk(value)

    walk(data)
    if not slots:            # an earlier edit left nothing to edit
        return
    container, key = rng.choice(slots)
    roll = rng.random()
    if roll < 0.15 and isinstance(container, dict):
        del container[key]
    elif roll < 0.25 and isinstance(container, dict):
        container[f"bogus_{key}"] = 1
    else:
        container[key] = copy.deepcopy(rng.choice(VALUES))


def test_random_damage_is_always_reported_not_raised(tmp_path):
    rng = random.Random(20261129)
    files = sorted(p.relative_to(BASE) for p in BASE.rglob("*.yaml"))
    errors = 0
    for trial in range(80):
        root = tmp_path / f"t{trial}"
        shutil.copytree(BASE, root)
        target = root / rng.choice(files)
        data = yaml.safe_load(target.read_text(encoding="utf-8"))
        for _ in range(rng.randint(1, 3)):
            _mutate(data, rng)
        target.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        try:
            load_ruleset("house", root / "content", root)
        except ContentError as exc:
            errors += 1
            for problem in exc.problems:
                assert (root / problem.file).is_file() and problem.line >= 1, str(problem)
        shutil.rmtree(root)
    assert errors > 50          # most random edits are real mistakes and must be caught
