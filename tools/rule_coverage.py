"""List every house rule ID and the tests that cite it; exit 1 if one has none.

A test cites a rule by naming its ID in the test's name (R_MOVE_2) or in its
docstring (R-MOVE-2). Only the engine's tests (tests/engine/) count: they are
the ones that drive the rules themselves. Run: python tools/rule_coverage.py [--quiet]
"""
from __future__ import annotations

import ast
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from server.engine.house.rule_index import RULES  # noqa: E402

ID = re.compile(r"R-[A-Z]+-\d+")


def citations(test_root: pathlib.Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(test_root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                text = node.name.replace("_", "-").upper() + " " + (ast.get_docstring(node) or "")
                for rid in set(ID.findall(text)):
                    found.setdefault(rid, []).append(f"{path.relative_to(ROOT)}::{node.name}")
    return found


def _key(rid):
    area, n = rid.rsplit("-", 1)
    return area, int(n)


def main(argv: list[str]) -> int:
    found = citations(ROOT / "tests" / "engine")
    missing = []
    for rid in sorted(RULES, key=_key):
        tests = found.get(rid, [])
        if not tests:
            missing.append(rid)
        if "--quiet" not in argv:
            print(f"{rid:12} {len(tests):2}  {', '.join(tests) if tests else '-- NO TEST --'}")
    unknown = sorted(set(found) - set(RULES))
    if unknown:
        print("tests cite unknown rule IDs: " + ", ".join(unknown))
    if missing:
        print(f"{len(missing)} rule IDs have no test: {', '.join(missing)}")
        return 1
    return 0 if not unknown else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
