"""What a dashboard's kernel imports while it plays: the tables' import tests share this.

sympy, networkx and matplotlib belong to the analyses and the chapters; a kernel that only
plays must not pay for them. Checked in a fresh interpreter, since a test session has
imported them already.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ANALYSIS_LIBRARIES = ("sympy", "networkx", "matplotlib")
ROOT = Path(__file__).resolve().parents[1]  # where widgets/ and tests/ are importable


def analysis_libraries_loaded_by(script: str) -> list[str]:
    """The analysis libraries loaded once ``script`` (which plays at a table) has run in
    a fresh interpreter; an error of the script fails the test that asked."""
    report = f"\nimport sys\nprint(' '.join(sorted(n for n in {ANALYSIS_LIBRARIES!r} if n in sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", script + report], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split()


def package_graph(package: str) -> dict[str, set[str]]:
    """The modules of ``package`` (a game's folder, subfolders too, named relative to it:
    ``narration.sentences``) and, for each, the modules of the package it imports."""
    import ast
    import importlib

    folder = Path(importlib.import_module(package).__file__).parent
    graph: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        name = ".".join(path.relative_to(folder).with_suffix("").parts).removesuffix(".__init__")
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == package:
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package + "."):
                inner = node.module[len(package) + 1:]
                found |= {f"{inner}.{alias.name}" for alias in node.names} | {inner}
        graph[name] = found
    return {name: {m for m in found if m in graph and m != name} for name, found in graph.items()}


def first_circle(graph: dict[str, set[str]]) -> tuple[str, ...] | None:
    """A loop of imports in ``graph`` (its modules in order, the first again at the end), or
    ``None`` when the modules import one another one way only."""
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> tuple[str, ...] | None:
        if module in path:
            return path[path.index(module):] + (module,)
        if module in done:
            return None
        for imported in sorted(graph.get(module, ())):
            found = visit(imported, path + (module,))
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, ())
        if found:
            return found
    return None
