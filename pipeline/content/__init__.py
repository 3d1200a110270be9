"""Content: YAML under cards/<ruleset>/ and tiles/<ruleset>/ → typed objects → JSON.

Entry points: `loader.load_ruleset(root, name)` (raises `errors.ContentError`
carrying every problem), `compile.write_compiled(...)`, and the `check`,
`stats` and `compile` commands in `cli`.

Every problem reads `path:line: field: what is wrong (what was expected)`:
`path` is relative to the project root, `line` is where the offending key or
value was written (a missing field points at its parent mapping), and
`field` is a path into the file: list items by index, keys joined by dots,
effect steps by their op (`items[3].attack_trait`,
`events[0].effect[0].roll.outcomes[1]`, `haunt_chart.cells.crypt.old_dog`);
`-` means the file as a whole. Whole-ruleset checks (starting rooms,
R-PLACE-3 per floor) are reported at the starting room they concern.

Beyond the format in docs/CONTENT.md the loader enforces: ids unique across
all kinds; `companion` and `traitor_may_ignore` only on omens; `ranged` and
`usable_when_defending` only with `weapon`; a side holds a door or a window,
not both; no link between the basement's starting room and another floor's
(R-MOVE-6); an elevator table with a stop for every dice total; a haunt
chart with a column for every omen, a row for every omen-icon room and a
haunt in every cell. Field-less effect steps may be written as a bare word
(`- nothing`); `draw.count` defaults to 1.
"""
