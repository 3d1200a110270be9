"""List every rule ID of every ruleset and the tests that cite it; exit 1 if
one has none.

Each ruleset's rule index is `<package>.rules.RULES` (ID → what the engine
enforces) and its tests live under tests/rulesets/<name>/. A test cites a
rule by naming its ID in the test's name (R_MOVE_2) or in its docstring
(R-MOVE-2). Run: python tools/rule_coverage.py [--quiet] [ruleset …]
"""
from __future__ import annotations

import ast
import importlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rulesets  # noqa: E402


def citations(test_root: pathlib.Path, prefix: str) -> dict[str, list[str]]:
    ident = re.compile(re.escape(prefix) + r"[A-Z]+-\d+")
    found: dict[str, list[str]] = {}
    for path in sorted(test_root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                text = node.name.replace("_", "-").upper() + " " + (ast.get_docstring(node) or "")
                for rid in set(ident.findall(text)):
                    found.setdefault(rid, []).append(f"{path.relative_to(ROOT)}::{node.name}")
    return found


def _key(rid):
    area, n = rid.rsplit("-", 1)
    return area, int(n)


def rules_of(name: str) -> dict[str, str]:
    return importlib.import_module(rulesets.package(name) + ".rules").RULES


def coverage(name: str, test_root: pathlib.Path | None = None) -> tuple[dict, list[str], list[str]]:
    """(citations, rule IDs without a test, cited IDs the index does not know)."""
    prefix = rulesets.info(name).rule_prefix
    rules = rules_of(name)
    found = citations(test_root or ROOT / "tests" / "rulesets" / name, prefix)
    missing = [rid for rid in sorted(rules, key=_key) if not found.get(rid)]
    unknown = sorted(set(found) - set(rules))
    return found, missing, unknown


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv
    names = [a for a in argv if not a.startswith("--")] or rulesets.names()
    status = 0
    for name in names:
        found, missing, unknown = coverage(name)
        if not quiet:
            for rid in sorted(rules_of(name), key=_key):
                tests = found.get(rid, [])
                print(f"{rid:12} {len(tests):2}  {', '.join(tests) if tests else '-- NO TEST --'}")
        if unknown:
            print(f"{name}: tests cite unknown rule IDs: " + ", ".join(unknown))
        if missing:
            print(f"{name}: {len(missing)} rule IDs have no test: {', '.join(missing)}")
        status |= bool(missing or unknown)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
