"""YAML loading that remembers where every key and value was written.

PyYAML's plain `safe_load` throws the marks away, and an error message
without a line sends the author hunting through a long file. Mappings and
sequences are built as `LDict`/`LList`, which behave as dict/list but also
know their own line and the line of each key, value and item. Duplicate keys
(silently merged by PyYAML) are kept in `LDict.duplicates` for the reader
to report with the field path, since a repeated key is almost always a
copy-paste slip that would lose data.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from .errors import Sink


class LDict(dict):
    """A mapping with `line`, `key_lines[key]` and `value_lines[key]` (1-based)."""
    line: int = 0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.key_lines: dict = {}
        self.value_lines: dict = {}
        self.duplicates: list[tuple[object, int]] = []   # (key, line) of each repeat

    def line_of(self, key) -> int:
        return self.value_lines.get(key, self.key_lines.get(key, self.line))


class LList(list):
    """A sequence with `line` and `item_lines[i]` (1-based)."""
    line: int = 0

    def __init__(self, *args):
        super().__init__(*args)
        self.item_lines: list[int] = []

    def line_of(self, index: int) -> int:
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


class _Loader(yaml.SafeLoader):
    """SafeLoader building located containers; collects unusable keys."""

    def __init__(self, stream):
        super().__init__(stream)
        self.bad_keys: list[tuple[int, str]] = []


def _construct_map(loader: _Loader, node: yaml.MappingNode):
    data = LDict()
    data.line = node.start_mark.line + 1
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        try:
            hash(key)
        except TypeError:
            loader.bad_keys.append((line, "a mapping key must be a plain value"))
            continue
        if key in data:
            data.duplicates.append((key, line))
        data[key] = loader.construct_object(value_node, deep=True)
        data.key_lines[key] = line
        data.value_lines[key] = value_node.start_mark.line + 1


def _construct_seq(loader: _Loader, node: yaml.SequenceNode):
    data = LList()
    data.line = node.start_mark.line + 1
    yield data
    for item in node.value:
        data.append(loader.construct_object(item, deep=True))
        data.item_lines.append(item.start_mark.line + 1)


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)


# Far deeper than any content needs. PyYAML composes nodes recursively, so
# a file nested a few hundred deep ends in a RecursionError; the line it
# went past this depth is then found with PyYAML's event parser.
MAX_DEPTH = 40


def _too_deep(text: str) -> int | None:
    """The line where nesting first goes past MAX_DEPTH (the event parser
    keeps a stack of its own, so this walk does not recurse)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    return event.start_mark.line + 1
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return None
    return None


def load_located(text: str, rel: str, sink: Sink):
    """Parse one YAML document; problems go to `sink`, None if unreadable."""
    try:
        loader = _Loader(text)       # the reader refuses NULs and other unprintable characters here
        data = loader.get_single_data()
    except yaml.reader.ReaderError as exc:
        line = text[:exc.position].count("\n") + 1
        sink.add(rel, line, "-", f"character #x{exc.character:04x} is not allowed in YAML text "
                 "(expected printable text; a NUL or control byte usually means a binary file or a bad paste)")
        return None
    except RecursionError:
        sink.add(rel, _too_deep(text) or 1, "-", f"nested deeper than {MAX_DEPTH} levels (expected the shallow "
                 "maps and lists of docs/CONTENT.md)")
        return None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        what = exc.problem or str(exc)
        context = f"; {exc.context}" if exc.context else ""
        sink.add(rel, line, "-", f"YAML syntax error: {what}{context} (expected valid YAML)")
        return None
    except yaml.YAMLError as exc:
        sink.add(rel, 1, "-", f"YAML error: {exc} (expected valid YAML)")
        return None
    loader.dispose()
    for line, message in loader.bad_keys:
        sink.add(rel, line, "-", message)
    return data


def load_file(path: Path, rel: str, sink: Sink):
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        sink.add(rel, 1, "-", "is a folder, not a file (expected YAML files only, or rename the folder)")
        return None
    except OSError as exc:      # a symlink that leads nowhere or round in a loop, no permission
        sink.add(rel, 1, "-", f"cannot be read: {exc.strerror or exc} (expected a readable YAML file)")
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        sink.add(rel, line, "-", f"not UTF-8 text ({exc.reason} at byte {exc.start}, column {column} of the line)")
        return None
    return load_located(text, rel, sink)
