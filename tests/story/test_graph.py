"""The paragraph graph: every paragraph a node, every way between them an edge with its odds."""

import networkx as nx
from sympy import Rational

from sherlockkit.games.story import casebook, effects, graph, tables

G = graph.paragraph_graph()
BOOK = casebook.load()


def test_one_node_per_paragraph_with_its_kind():
    assert set(G) == set(BOOK)
    for pid, p in BOOK.items():
        assert G.nodes[pid]["kind"] == p.kind
        assert G.nodes[pid]["title"] == p.title


def test_no_paragraph_is_unreachable_from_the_first_rule():
    assert graph.unreachable(G) == set()


def test_no_link_is_broken():
    assert graph.broken_links(BOOK) == []
    assert all(target in BOOK for _, target in G.edges)


def test_each_adventure_line_is_a_d6_with_total_chance_one():
    for pid, p in BOOK.items():
        if p.kind != "adventure":
            continue
        for line in casebook.LINES:
            targets = set(p[line])
            total = sum(Rational(p[line].count(t), 6) for t in targets)
            assert total == 1
            for target in targets:
                assert f"{line} line" in G[pid][target]["how"]


def test_a_line_edge_carries_its_faces_chance():
    a001 = BOOK["a001"]
    target = a001["villain"][0]
    assert G["a001"][target]["p"] == Rational(a001["villain"].count(target), 6)


def test_first_case_and_equipment_edges_have_the_a000_odds():
    assert G["a000"]["a001"]["p"] == Rational(1, 2) == G["a000"]["a002"]["p"]
    assert [G["a000"][m]["p"] for m in ("m413", "m415", "m416", "m418")] == [
        Rational(1, 3), Rational(1, 3), Rational(1, 6), Rational(1, 6)]


def test_getting_lost_while_exploring_has_the_table_chance():
    # Explore rows 3-4 on 2d6 with no Tracking: 2 + 3 ways out of 36
    assert G["r007b"][tables.BAKER_STREET]["p"] == Rational(5, 36)


def test_roll_edges_use_the_reference_partys_exact_odds():
    raw = {
        "r001": {"kind": "rule", "title": "Start", "text": "Begin.", "see": ["m420"]},
        "m420": {"kind": "character", "title": "A cabman", "text": "He knows the way.",
                 "effects": [{"roll": {"trait": "Charisma", "target": 7},
                              "success": [{"goto": "m403"}], "failure": [{"goto": "m629"}]}]},
        "m403": {"kind": "memoir", "title": "Home", "text": "Baker Street."},
        "m629": {"kind": "memoir", "title": "Away", "text": "A narrow escape."},
    }
    small = graph.build(casebook.parse(raw))
    # Holmes (Charisma 1 with the default traits) and Watson (Charisma 1): 2d6 + 2 >= 7
    assert small["m420"]["m403"]["p"] == Rational(30, 36)
    assert small["m420"]["m629"]["p"] == Rational(6, 36)
    assert small["r001"]["m420"]["how"] == "see" and small["r001"]["m420"]["p"] is None


def test_the_graph_has_cycles_and_every_villain_leads_to_the_end_of_a_case():
    assert not nx.is_directed_acyclic_graph(G)
    for pid, p in BOOK.items():
        if p.kind == "villain":
            assert G.has_edge(pid, tables.END_OF_CASE)
            assert nx.has_path(G, "a001", pid) or nx.has_path(G, "a002", pid) or nx.has_path(G, "a003", pid)


def test_the_most_likely_route_from_a_case_to_its_end_passes_a_villain():
    route = graph.most_likely_route(G, "a001", tables.END_OF_CASE)
    assert route[0] == "a001" and route[-1] == tables.END_OF_CASE
    assert any(BOOK[p].kind == "villain" for p in route)


def test_dead_ends_are_events_that_return_to_the_turn():
    for pid in graph.dead_ends(G):
        assert BOOK[pid].kind not in ("adventure", "villain", "rule")


def test_paragraph_graph_returns_a_copy_to_change_freely():
    copy = graph.paragraph_graph()
    copy.remove_node("a001")
    assert "a001" in graph.paragraph_graph()


def test_every_link_the_effect_registry_names_is_an_edge():
    """The graph reads where an effect leads from ``effects.EFFECTS``: every paragraph a
    paragraph's effects lead to is an edge, and every adventure line they roll on is an
    edge to each adventure that lists the paragraph on a line."""
    for pid, p in BOOK.items():
        for target in effects.leads_to(p.effects):
            if target in casebook.LINES:
                listing = [a for a, q in BOOK.items() if q.kind == "adventure"
                           and any(pid in q[line] for line in casebook.LINES)]
                assert listing and all(G.has_edge(pid, a) for a in listing), (pid, target)
            else:
                assert G.has_edge(pid, target), (pid, target)


def test_only_a_certain_go_to_or_a_roll_carries_a_chance():
    """In a paragraph's effects, a ``goto`` is certain and a roll splits the chance; a
    choice or a fight leaves the edges it leads to to the player (``p`` is ``None``)."""
    raw = {
        "r001": {"kind": "rule", "title": "Start", "text": "Begin.", "see": ["m420"]},
        "m420": {"kind": "character", "title": "A cabman", "text": "He knows the way.",
                 "effects": [{"goto": "m403"},
                             {"choice": [{"label": "Ride", "effects": [{"goto": "m629"}]},
                                         {"label": "Walk", "effects": []}]}]},
        "m403": {"kind": "memoir", "title": "Home", "text": "Baker Street."},
        "m629": {"kind": "memoir", "title": "Away", "text": "A narrow escape."},
    }
    small = graph.build(casebook.parse(raw))
    assert small["m420"]["m403"]["p"] == 1 and small["m420"]["m403"]["how"] == "read m403"
    assert small["m420"]["m629"]["p"] is None and small["m420"]["m629"]["how"].startswith("a choice: Ride / Walk")
