"""The paragraph graph: which paragraph can lead to which, and with what chance.

One node per paragraph of the casebook (``"r007a"``, ``"a001"``, ``"c203"``, ``"m403"``)
with its ``kind`` and ``title``. One edge for every way a paragraph leads to another,
with ``how`` (the die faces, the choice, success or failure, a rule's cross-reference)
and ``p``, the exact probability as a ``Rational`` where chance decides (``None`` where
the player or the course of the case decides). Roll probabilities are those of the
*reference party*: young Holmes with the default traits and Watson, no allies, by R004
as ``rolls`` states it. Where an effect leads, and its words, come from the effect
registry (``effects.EFFECTS``: ``leads_to``, ``describe``), as the engine applies it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Mapping, NamedTuple

import networkx as nx
from sympy import Rational

from sherlockkit.games.story import casebook, effects, rolls, tables
from sherlockkit.games.story.paragraphs import KIND_COLOURS, LINES, Casebook  # noqa: F401 - read as graph.KIND_COLOURS
from sherlockkit.games.story.effects import EFFECTS
from sherlockkit.games.story.characters import holmes, watson
from sherlockkit.games.story.characters import DEFAULT_TRAITS

ROOT = "r001"


def reference_party():
    """Holmes (default traits) and Watson: the party whose odds label roll edges."""
    return (holmes(DEFAULT_TRAITS), watson())


def roll_chance(spec: Mapping, party=None) -> Rational:
    """The exact chance that a casebook roll succeeds for ``party`` (Holmes first; the
    reference party when ``None``), by R004 as ``rolls`` states it."""
    party = party or reference_party()
    return rolls.chance(spec, party[0], party)


def _table_edges(graph, source, table, how):
    """Edges from ``source`` to the paragraph ids a d6 table reads, with their odds."""
    for label, p in table.odds().items():
        target = next(r.result for r in table.rows if r.label == label)
        _add(graph, source, target, f"{how} {label}", p)


def _add(graph, source, target, how, p=None):
    if graph.has_edge(source, target):
        data = graph[source][target]
        data["how"] += f"; {how}"
        if p is not None:  # chance edges add up; a cross-reference carries no chance
            data["p"] = p if data["p"] is None else data["p"] + p
        return
    graph.add_edge(source, target, how=how, p=p)


def _walk(graph, book, source, said: Iterable, chance=Rational(1), how=""):
    """Edges for every paragraph the effects ``said`` can lead to; ``chance`` is the
    probability of reaching these effects (``None`` once a choice or a fight decides).

    A roll is walked here, since the chance splits between its success and its failure;
    every other effect says itself where it leads (``EFFECTS[name].leads_to``: paragraphs,
    and the adventure lines it rolls on) and in what words (``describe``). Only a ``goto``
    is certain; where anything else leads is decided by the player or by the case."""
    for effect in said:
        name, value = effects.name_of(effect), effects.value_of(effect)
        if name == "roll":
            p = roll_chance(effect["roll"])
            what = effect["roll"].get("quality") or effect["roll"].get("trait")
            _walk(graph, book, source, effect.get("success", ()), chance * p if chance is not None else None,
                  f"{how}{what} success → ")
            _walk(graph, book, source, effect.get("failure", ()), chance * (1 - p) if chance is not None else None,
                  f"{how}{what} failure → ")
            continue
        words = f"{how}{EFFECTS[name].describe(value)}"
        for target in EFFECTS[name].leads_to(value):
            if target in LINES:  # a line of the adventure being played: any that lists this paragraph
                line = f"roll on the {target} line"
                for adventure in _adventures_with(book, source):
                    _add(graph, source, adventure, f"{how}{line}" if name == "event" else f"{words} → {line}")
            else:
                _add(graph, source, target, words, chance if name == "goto" else None)


def _adventures_with(book: Casebook, pid: str) -> list[str]:
    return [a for a, p in book.items() if p.kind == "adventure" and any(pid in p[line] for line in LINES)]


def paragraph_graph() -> nx.DiGraph:
    """The casebook's paragraph graph, made afresh at each call (a few milliseconds):
    change it freely."""
    return build(casebook.load())


def build(book: Casebook) -> nx.DiGraph:
    """The paragraph graph of any casebook."""
    graph = nx.DiGraph()
    for pid, p in book.items():
        graph.add_node(pid, kind=p.kind, title=p.title)
    adventures = [pid for pid, p in book.items() if p.kind == "adventure"]
    for pid, p in book.items():
        for target in p.get("see", ()):
            if target in book:
                _add(graph, pid, target, "see")
        _walk(graph, book, pid, p.effects)
        if p.kind == "adventure":
            for line in LINES:
                faces = defaultdict(list)
                for face, target in enumerate(p[line], start=1):
                    faces[target].append(str(face))
                for target, which in faces.items():
                    _add(graph, pid, target, f"{line} line, face {', '.join(which)}", Rational(len(which), 6))
            special = p.get("special")
            if special:
                _walk(graph, book, pid, special.get("effects", ()))
        if p.kind == "villain":
            for option in ("option1", "option2"):
                _walk(graph, book, pid, p.get(option, ()), how=f"{option}: ")
            _add(graph, pid, tables.ESCAPE_PARAGRAPH, "escape from the fight")
            _add(graph, pid, tables.END_OF_CASE, "arrest: the case is closed")
    # the rules' own tables
    _table_edges(graph, "a000", tables.FIRST_CASE, "first case, d6")
    _table_edges(graph, "a000", tables.EQUIPMENT, "starting equipment, d6")
    _table_edges(graph, "r010", tables.EQUIPMENT, "equipment bought, d6")
    lost = tables.EXPLORE.odds()["3-4"]
    _add(graph, "r007b", tables.BAKER_STREET, "Explore 3-4 (no Tracking)", lost)
    _add(graph, "r009a", tables.ESCAPE_PARAGRAPH, "a successful escape")
    _add(graph, "r007", tables.END_OF_CASE, "the case ends")
    _add(graph, "a000", tables.BAKER_STREET, "return home at any time")
    for adventure in adventures:
        _add(graph, tables.END_OF_CASE, adventure, "take up the next case")
    return graph


# --- analyses used by the chapter ---------------------------------------------------------------

def unreachable(graph: nx.DiGraph, root: str = ROOT) -> set[str]:
    """Paragraphs no path from ``root`` reaches."""
    return set(graph) - nx.descendants(graph, root) - {root}


def broken_links(book: Casebook) -> list[tuple[str, str]]:
    """(paragraph, missing target) for every reference to a paragraph that does not exist
    (the casebook's checks refuse these; this reports them for an edited casebook)."""
    graph_targets = []
    for pid, p in book.items():
        for target in p.get("see", ()):
            if target not in book:
                graph_targets.append((pid, target))
    return graph_targets


def dead_ends(graph: nx.DiGraph) -> list[str]:
    """Paragraphs that lead nowhere else: after them play returns to the turn."""
    return sorted(n for n in graph if graph.out_degree(n) == 0)


def most_likely_route(graph: nx.DiGraph, source: str, target: str) -> list[str]:
    """The path whose chance edges multiply to the most (edges decided by the player
    count as certain)."""
    from math import log

    def weight(u, v, data):
        p = data.get("p")
        return 0.0 if p is None else -log(float(p)) if p > 0 else float("inf")

    return nx.shortest_path(graph, source, target, weight=weight)


def kind_counts(graph: nx.DiGraph) -> dict[str, tuple[int, int, int]]:
    """For each kind of paragraph (in ``KIND_COLOURS``'s order): how many paragraphs
    there are, how many edges leave them, and how many of those chance decides (an edge
    with its ``p``)."""
    kind_of = nx.get_node_attributes(graph, "kind")
    counts = {kind: [0, 0, 0] for kind in KIND_COLOURS}
    for pid in graph:
        counts.setdefault(kind_of[pid], [0, 0, 0])[0] += 1
    for source, _, p in graph.edges(data="p"):
        counts[kind_of[source]][1] += 1
        counts[kind_of[source]][2] += p is not None
    return {kind: tuple(n) for kind, n in counts.items()}


def dead_ends_by_kind(graph: nx.DiGraph) -> dict[str, list[str]]:
    """The dead ends (:func:`dead_ends`) grouped by the kind of paragraph, each group in
    order, the kinds in the order their first dead end comes."""
    grouped: dict[str, list[str]] = {}
    for pid in dead_ends(graph):
        grouped.setdefault(graph.nodes[pid]["kind"], []).append(pid)
    return grouped


def short_cycles(graph: nx.DiGraph, most: int = 3) -> list[list[str]]:
    """The simple cycles of at most ``most`` paragraphs: ways to come back to where you
    were (each once, in NetworkX's order; a cycle lists each of its paragraphs once)."""
    return [list(cycle) for cycle in nx.simple_cycles(graph, length_bound=most)]


def through_rules(graph: nx.DiGraph, path: Iterable[str]) -> bool:
    """Whether ``path`` goes through a paragraph of the rules."""
    return any(graph.nodes[pid]["kind"] == "rule" for pid in path)


def starting_at(cycle: list[str], pid: str) -> list[str]:
    """The same cycle, told from ``pid`` (one of its paragraphs)."""
    at = cycle.index(pid)
    return cycle[at:] + cycle[:at]


class Step(NamedTuple):
    """One edge of a path: from ``source`` (its ``title``) to ``target``, ``how``, and its
    exact chance ``p`` (``None`` where the player or the course of the case decides)."""

    source: str
    title: str
    target: str
    how: str
    p: Rational | None


def steps(graph: nx.DiGraph, path: list[str], closed: bool = False) -> list[Step]:
    """The edges of ``path`` in order, with how each leads on and its chance; a
    ``closed`` path (a cycle) also steps from its last paragraph back to its first."""
    ends = path[1:] + path[:1] if closed else path[1:]
    return [Step(u, graph.nodes[u]["title"], v, graph[u][v]["how"], graph[u][v]["p"]) for u, v in zip(path, ends)]


def path_chance(graph: nx.DiGraph, path: list[str], closed: bool = False) -> Rational:
    """The product of the chances along ``path`` (:func:`steps`), an edge decided by play
    counting as certain: how likely chance is to take that way, if the player does."""
    chance = Rational(1)
    for step in steps(graph, path, closed):
        if step.p is not None:
            chance *= step.p
    return chance
