"""Every game's modules import one another one way (no circle), its events come first, and
no rule reads the narration: the shape CONTRIBUTING.md describes, held for each game of
the registry (a game's own ``test_imports.py`` adds what is particular to it)."""

from __future__ import annotations

import pytest

from sherlockkit.games import GAMES
from tests.imports import first_circle, package_graph



@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_s_modules_import_one_another_one_way(game):
    graph = package_graph(f"sherlockkit.games.{game}")
    circle = first_circle(graph)
    assert circle is None, f"an import circle: {' -> '.join(circle)}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_only_the_narration_reads_the_narration_and_the_events_import_no_rule(game):
    graph = package_graph(f"sherlockkit.games.{game}")
    narration = {m for m in graph if m.split(".")[0] == "narration"}
    assert narration, f"{game} tells its story in narration"
    readers = {m for m, imported in graph.items() if imported & narration} - narration
    assert not readers, f"{sorted(readers)} import the narration"
    events = {m for m in graph if m.split(".")[0] == "events"}
    assert events, f"{game} keeps its events in events"
    rules_side = {"rules", "state"} & set(graph)
    assert not any(graph[e] & rules_side for e in events), "the events import neither the rules nor the state"


def test_first_circle_finds_a_loop_and_only_a_loop():
    assert first_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ("a", "b", "c", "a")
    assert first_circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
