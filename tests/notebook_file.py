"""A notebook file read for its cells, without importing nbformat.

Importing nbformat builds jsonschema's format checkers (about 3 s on this machine, in every
test process that reads a notebook); the tests that only read a chapter's cells need none of
that. ``read`` gives what ``nbformat.read(path, as_version=4)`` gives a reader: attribute
access (``notebook.cells``, ``cell.source``, ``cell.metadata``), and sources and outputs'
texts joined into one string each. The tests that run a notebook still use nbformat and nbclient.
"""

from __future__ import annotations

import json
from pathlib import Path


class Node(dict):
    """A notebook's mapping, its keys also read as attributes (as nbformat's NotebookNode)."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def _node(value):
    if isinstance(value, dict):
        return Node({key: _node(item) for key, item in value.items()})
    if isinstance(value, list):
        return [_node(item) for item in value]
    return value


def read(path: Path) -> Node:
    """The notebook at ``path`` (format 4): its cells, each cell's source as one string."""
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    if notebook.get("nbformat") != 4:
        raise ValueError(f"{path}: not a version-4 notebook")
    for cell in notebook["cells"]:
        if isinstance(cell.get("source"), list):
            cell["source"] = "".join(cell["source"])
        for output in cell.get("outputs", []):  # texts saved as lists of lines, as nbformat joins them
            if isinstance(output.get("text"), list):
                output["text"] = "".join(output["text"])
            data = output.get("data", {})
            for kind, value in data.items():
                if isinstance(value, list) and all(isinstance(line, str) for line in value):
                    data[kind] = "".join(value)
    return _node(notebook)
