"""What the Story dashboard's kernel imports: playing a case needs no analysis library.

sympy (~50 MB, ~0.5 s), networkx and matplotlib belong to the analyses and the chapters
(odds, the paragraph graph, the case model); a kernel that only plays must not pay for
them. Checked in a fresh interpreter, since this test session has imported them already.
"""

import textwrap

from tests.imports import analysis_libraries_loaded_by, package_graph

# The table as the dashboard builds it, then clicks on its buttons: an action, the Luck
# question, the next turn... (always the first option offered), through the session.
PLAY_A_CASE = textwrap.dedent("""
    import sys
    from widgets.story import StoryTable

    view = StoryTable(seed=21)  # as the dashboard builds it, on a seed the test can repeat
    clicks = 0
    while clicks < 40 and view.choices.children and hasattr(view.choices.children[0], "click"):
        before = len(view.game.actions)
        view.choices.children[0].click()
        assert len(view.game.actions) > before, view.notice.value
        clicks += 1
    assert clicks >= 10 and view.game.state.events, clicks
""")


def test_playing_at_the_table_imports_no_analysis_library():
    loaded = analysis_libraries_loaded_by(PLAY_A_CASE)
    assert loaded == [], f"the Story's table imported {' '.join(loaded)}"


def test_the_game_s_modules_stand_in_layers():
    """The shapes and events first, then the moves, then the protocol; the narration on
    top, read by no rule (no circle anywhere: ``tests/test_imports.py``)."""
    graph = package_graph("sherlockkit.games.story")
    narration = {m for m in graph if m.split(".")[0] == "narration"}
    engine = {"rules", "choose", "machine", "luck", "actions", "turn", "villains", "party", "combat", "campaign", "effects",
              "state", "agenda", "events", "dice"}
    assert not any(graph[m] & narration for m in engine), "the engine reads no narration"
    assert set().union(*(graph[m] for m in narration)) - narration <= {"events", "state", "tables"}
    assert graph["state"] <= {"agenda", "characters", "events", "tables"}
