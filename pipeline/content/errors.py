"""Content problems and the one exception that carries all of them.

Validation never stops at the first problem: an author fixing a 300-card
file wants every mistake in one run, each pointing at a file and line.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One content mistake: `path:line: field: what is wrong (what was expected)`.

    `field` is a path into the file: list items by index, mapping keys joined
    with dots (`items[3].price`, `events[0].effect[1].roll.outcomes`); a
    problem about the whole file uses `-`.
    """
    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: {self.message}"


class ContentError(Exception):
    """Raised once per load with every problem found, sorted by place."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


class Sink:
    """Collects problems as the validators walk the content."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: str, line: int, field: str, message: str) -> None:
        self.problems.append(Problem(file, line, field or "-", message))

    def raise_if_any(self) -> None:
        if self.problems:
            raise ContentError(self.problems)
