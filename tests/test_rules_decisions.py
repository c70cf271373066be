"""The rules-decisions page (``book/rules-decisions.md``) names only tests that exist: every
decision it states is held by the test it names, and a test renamed or removed would
leave the decision unguarded without a word."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "book" / "rules-decisions.md"
#: a test's name or a test file, as the page writes them in backticks
NAMED = re.compile(r"`((?:tests/[\w/]+\.py)|(?:test_\w+))`")


def _tests_defined() -> set[str]:
    """The name of every test function in the project's tests (``def test_...``)."""
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {node.name for node in ast.walk(tree)
                  if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")}
    return names


def test_every_test_the_rules_decisions_page_names_exists():
    named = NAMED.findall(PAGE.read_text(encoding="utf-8"))
    assert len(named) > 50, "the page names the test of each decision"
    defined = _tests_defined()
    missing = sorted({n for n in named if not n.startswith("tests/") and n not in defined})
    missing += sorted({n for n in named if n.startswith("tests/") and not (ROOT / n).is_file()})
    assert not missing, f"the rules-decisions page names tests that do not exist: {missing}"
