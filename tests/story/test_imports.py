"""What the Story dashboard's kernel imports: playing a case needs no analysis library.

sympy (~50 MB, ~0.5 s), networkx and matplotlib belong to the analyses and the chapters
(odds, the paragraph graph, the case model); a kernel that only plays must not pay for
them. Checked in a fresh interpreter, since this test session has imported them already.
"""

import textwrap

from tests.imports import analysis_libraries_loaded_by

# The table as the dashboard builds it, then clicks on its buttons: an action, the Luck
# question, the next turn... (always the first option offered), through the session.
PLAY_A_CASE = textwrap.dedent("""
    import sys
    from widgets.story import StoryTable

    view = StoryTable(seed=21)  # as the dashboard builds it, on a seed the test can repeat
    clicks = 0
    while clicks < 40 and view.choices.children:
        before = len(view.game.actions)
        view.choices.children[0].click()
        assert len(view.game.actions) > before, view.notice.value
        clicks += 1
    assert clicks >= 10 and view.game.state.events, clicks
""")


def test_playing_at_the_table_imports_no_analysis_library():
    loaded = analysis_libraries_loaded_by(PLAY_A_CASE)
    assert loaded == [], f"the Story's table imported {' '.join(loaded)}"


def test_the_game_s_modules_import_one_another_one_way():
    """No import circle in the package, not even inside a function (the shapes and the
    events first, then the moves, the machine and the protocol), the engine never
    imports its narration, and nothing uses the engine's old speed helpers."""
    import ast
    from pathlib import Path

    import sherlockkit.games.story as package

    folder, prefix = Path(package.__file__).parent, "sherlockkit.games.story"
    graph: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        name = ".".join(path.relative_to(folder).with_suffix("").parts).removesuffix(".__init__")
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == prefix:
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(prefix + "."):
                inner = node.module[len(prefix) + 1:]
                found |= {f"{inner}.{alias.name}" for alias in node.names} | {inner}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sherlockkit.engine"):
                assert {alias.name for alias in node.names}.isdisjoint(
                    {"build", "maker", "frozen", "remembered", "recalled", "check_action"}), path.name
        graph[name] = found
    graph = {name: {m for m in found if m in graph and m != name} for name, found in graph.items()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"an import circle: {' -> '.join(path + (module,))}"
        if module not in done:
            for imported in graph.get(module, ()):
                visit(imported, path + (module,))
            done.add(module)

    for module in graph:
        visit(module, ())
    narration = {m for m in graph if m.split(".")[0] == "narration"}
    engine = {"rules", "choose", "machine", "actions", "turn", "villains", "party", "combat", "campaign", "effects",
              "state", "agenda", "events", "dice"}
    assert not any(graph[m] & narration for m in engine), "the engine reads no narration"
    assert set().union(*(graph[m] for m in narration)) - narration <= {"events", "state", "tables"}
    assert graph["state"] <= {"agenda", "characters", "events", "tables"}
