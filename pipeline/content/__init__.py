"""Content: YAML in rulesets/<ruleset>/content/ → typed objects → JSON.

Entry points: `loader.load_ruleset(name, folder, root)` (raises `errors.ContentError`
carrying every problem), `compile.write_compiled(...)`, and the `check`,
`stats` and `compile` commands in `cli`.

Every problem reads `path:line: field: what is wrong (what was expected)`:
`path` is relative to the project root, `line` is where the offending key or
value was written (a missing field points at its parent mapping), and
`field` is a path into the file: list items by index, keys joined by dots,
effect steps by their op (`items[3].price`,
`events[0].effect[0].roll.outcomes[1]`); `-` means the file as a whole.

Which kinds a game has and what it checks across the whole content are
its ruleset's `CONTENT` spec (docs/RULESETS.md); `docs/CONTENT.md` documents
the formats.
"""
