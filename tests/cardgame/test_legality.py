"""The legality graph against a reading of the follow lists made here, independently of
``legality.may_follow``, and against what the rules actually let a player do."""

from __future__ import annotations

import networkx as nx
import pytest

from sherlockkit.games.cardgame import legality, rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, BAKER_STREET, CLUE, COUNTRY, DISGUISE, HANSOM, HOLMES, I_SUSPECT, IN_COUNTRY, IN_LONDON,
    INSPECTOR, KINDS, LONDON, MYCROFT, SCOTLAND_YARD, SUIT_OF, TELEGRAM, THICK_FOG, TRAIN, VILLAINS, WATSON,
)
from sherlockkit.games.cardgame.legality import ANYWHERE, START, Top
from sherlockkit.games.cardgame.state import ALIBI_WINDOW, TARGETED, Answer, Play

from .table import kinds_offered, one_of_each, rig

# --- the clauses, as this file reads them --------------------------------------------------------

LONDON_PLACES = {LONDON, BAKER_STREET, SCOTLAND_YARD}
PLACES = LONDON_PLACES | {COUNTRY}
MOVING = {TRAIN, HANSOM, THICK_FOG}

#: card -> the cards it may be played on (Locations, Holmes and Watson are handled below)
PLAYED_ON = {
    TRAIN: PLACES | {ARREST, I_SUSPECT, TELEGRAM, INSPECTOR, ALIBI, AFOOT},
    HANSOM: PLACES | {ARREST, I_SUSPECT, TELEGRAM, INSPECTOR, ALIBI, AFOOT},
    THICK_FOG: {TRAIN, HANSOM, AFOOT},
    CLUE: PLACES | {DISGUISE},
    I_SUSPECT: {CLUE, DISGUISE, BAKER_STREET},
    TELEGRAM: {CLUE, COUNTRY},
    DISGUISE: {CLUE} | LONDON_PLACES,
    INSPECTOR: {SCOTLAND_YARD, I_SUSPECT, CLUE},
    ARREST: {LONDON, SCOTLAND_YARD, COUNTRY, I_SUSPECT, INSPECTOR},
    MYCROFT: LONDON_PLACES,
}


def where(place):
    return IN_LONDON if place in LONDON_PLACES else IN_COUNTRY


def cards_on(node):
    """The cards a player may play, in turn, on ``node`` (Villains and the Alibi aside)."""
    card, region = node
    out = {c for c, on in PLAYED_ON.items() if card in on}
    if card not in MOVING and card != AFOOT:
        out |= {HOLMES, WATSON}
    if card == TRAIN:
        out |= {p for p in PLACES if where(p) != region}
    elif card == HANSOM:
        out |= {p for p in PLACES if where(p) == region}
    elif card == THICK_FOG:
        out |= PLACES
    return out


def after(node, card):
    """Where the table is once ``card`` is played on ``node``."""
    if card in (HOLMES, WATSON, MYCROFT):
        return node
    if card in PLACES:
        return (card, where(card))
    if card == THICK_FOG:
        return (THICK_FOG, ANYWHERE)
    return (card, node[1])


def expected_graph():
    """{node: {next node: set of cards}}, reached from the opening."""
    out, todo = {}, [(AFOOT, IN_LONDON)]
    while todo:
        node = todo.pop()
        if node in out:
            continue
        edges = {}
        for card in cards_on(node):
            edges.setdefault(after(node, card), set()).add(card)
        if node[0] in (ARREST, INSPECTOR, I_SUSPECT) or WATSON in cards_on(node):
            edges.setdefault((ALIBI, node[1]), set()).add(ALIBI)
        out[node] = edges
        todo += [n for n in edges if n not in out]
    return out


EXPECTED = expected_graph()
GRAPH = legality.legality_graph()


# --- the graph ----------------------------------------------------------------------------------


def test_the_graph_has_the_nodes_the_clauses_imply():
    # the opening, Thick Fog, four places, and nine cards that keep the kind of place (x2)
    assert GRAPH.number_of_nodes() == 24 == len(EXPECTED)
    assert set(GRAPH.nodes) == set(EXPECTED)
    two_regions = {TRAIN, HANSOM, CLUE, I_SUSPECT, TELEGRAM, DISGUISE, INSPECTOR, ARREST, ALIBI}
    for card in two_regions:
        assert {n for n in GRAPH if n.card == card} == {Top(card, IN_LONDON), Top(card, IN_COUNTRY)}
    assert {n for n in GRAPH if n.card in PLACES} == {Top(p, where(p)) for p in PLACES}
    assert not any(n.card in (HOLMES, WATSON, MYCROFT) or n.card in VILLAINS for n in GRAPH)


def test_the_graph_has_the_edges_the_clauses_imply_with_their_cards():
    # counted by hand, node by node: 19 out of the opening, movements and fog, 29 out of
    # the places, 64 out of the Information, Action and Alibi states
    assert GRAPH.number_of_edges() == 112
    expected = {(u, v): cards for u, edges in EXPECTED.items() for v, cards in edges.items()}
    assert {(tuple(u), tuple(v)) for u, v in GRAPH.edges} == set(expected)
    for (u, v), cards in expected.items():
        assert set(GRAPH.edges[u, v]["cards"]) == cards, (u, v)


def test_node_attributes_label_and_suit():
    for node, data in GRAPH.nodes(data=True):
        assert (data["card"], data["region"], data["suit"]) == (node.card, node.region, SUIT_OF[node.card])
        assert data["label"] == node.label
    assert Top(TRAIN, IN_COUNTRY).label == "Train · Country"
    assert Top(COUNTRY, IN_COUNTRY).label == "Country" and Top(THICK_FOG, ANYWHERE).label == "Thick Fog"
    assert legality.node("Inspector · London") == Top(INSPECTOR, IN_LONDON)
    with pytest.raises(KeyError, match="No state of the table is called 'Holmes'"):
        legality.node("Holmes")


def test_the_opening_node_starts_in_london_and_nothing_leads_back_to_it():
    assert START == Top(AFOOT, IN_LONDON) and START in GRAPH
    assert GRAPH.in_degree(START) == 0
    assert set(GRAPH.successors(START)) == {Top(TRAIN, IN_LONDON), Top(HANSOM, IN_LONDON), Top(THICK_FOG, ANYWHERE)}


def test_holmes_and_watson_never_follow_a_movement_card():
    for node in GRAPH:
        cards = {c for _, _, data in GRAPH.out_edges(node, data=True) for c in data["cards"]}
        if node.card in MOVING or node == START:
            assert not cards & {HOLMES, WATSON}, node
        else:
            assert {HOLMES, WATSON} <= set(GRAPH.edges[node, node]["cards"]), node


def test_mycroft_is_played_only_on_the_london_places():
    with_mycroft = {(u, v) for u, v, data in GRAPH.edges(data=True) if MYCROFT in data["cards"]}
    assert with_mycroft == {(Top(p, IN_LONDON), Top(p, IN_LONDON)) for p in LONDON_PLACES}


def test_an_arrest_never_follows_baker_street():
    baker = Top(BAKER_STREET, IN_LONDON)
    assert not any(ARREST in data["cards"] for _, _, data in GRAPH.out_edges(baker, data=True))
    assert GRAPH.has_edge(Top(LONDON, IN_LONDON), Top(ARREST, IN_LONDON))
    assert GRAPH.has_edge(Top(COUNTRY, IN_COUNTRY), Top(ARREST, IN_COUNTRY))


def test_after_a_train_from_london_only_the_country_or_fog():
    assert set(GRAPH.successors(Top(TRAIN, IN_LONDON))) == {Top(COUNTRY, IN_COUNTRY), Top(THICK_FOG, ANYWHERE)}
    assert set(GRAPH.successors(Top(TRAIN, IN_COUNTRY))) == {
        Top(LONDON, IN_LONDON), Top(BAKER_STREET, IN_LONDON), Top(SCOTLAND_YARD, IN_LONDON), Top(THICK_FOG, ANYWHERE)}
    assert set(GRAPH.successors(Top(THICK_FOG, ANYWHERE))) == {Top(p, where(p)) for p in PLACES}


def test_an_alibi_leads_on_only_by_a_movement_or_a_detective():
    for region in (IN_LONDON, IN_COUNTRY):
        alibi = Top(ALIBI, region)
        assert set(GRAPH.successors(alibi)) == {Top(TRAIN, region), Top(HANSOM, region), alibi}
        assert set(GRAPH.edges[alibi, alibi]["cards"]) == {HOLMES, WATSON, ALIBI}
        assert set(GRAPH.predecessors(alibi)) >= {Top(ARREST, region), Top(INSPECTOR, region), Top(I_SUSPECT, region)}


def test_strongly_connected_components():
    components = sorted(nx.strongly_connected_components(GRAPH), key=len)
    assert [len(c) for c in components] == [1, 23]
    assert components[0] == {START}
    # from any state the hand can reach any other (but the opening)


def test_the_shortest_way_from_the_opening_to_an_arrest_is_three_cards():
    arrests = [n for n in GRAPH if n.card == ARREST]
    lengths = nx.single_source_shortest_path_length(GRAPH, START)
    assert min(lengths[n] for n in arrests) == 3
    # a movement, a place an Arrest may follow, then the Arrest
    path = nx.shortest_path(GRAPH, START, Top(ARREST, IN_COUNTRY))
    assert [n.card for n in path] in ([AFOOT, TRAIN, COUNTRY, ARREST], [AFOOT, THICK_FOG, COUNTRY, ARREST])
    assert lengths[Top(ARREST, IN_LONDON)] == 3
    # Baker Street needs an I Suspect in between: two more cards than the shortest way
    assert nx.shortest_path_length(GRAPH, Top(BAKER_STREET, IN_LONDON), Top(ARREST, IN_LONDON)) == 2


def test_playable_lists_the_kinds_of_the_out_edges():
    for node in GRAPH:
        out = {c for _, _, data in GRAPH.out_edges(node, data=True) for c in data["cards"]} - {ALIBI}
        assert set(legality.playable(node)) == out, node


# --- the graph against the rules -------------------------------------------------------------------

NODES = sorted(GRAPH, key=lambda n: (n.card, n.region))


@pytest.mark.parametrize("node", NODES, ids=[n.label for n in NODES])
def test_a_player_holding_every_kind_is_offered_the_cards_of_the_out_edges(node):
    state = rig([one_of_each(), [ALIBI, CLUE], [CLUE]], on=node)
    out = {c for _, _, data in GRAPH.out_edges(node, data=True) for c in data["cards"]}
    assert kinds_offered(state, 0) == out - {ALIBI}  # the Alibi answers, out of turn
    assert not kinds_offered(state, 0) & (set(VILLAINS) | {AFOOT})
    # and each card leaves the table where its edge leads
    for card in out - {ALIBI}:
        move = Play(0, card, 1) if card in TARGETED else Play(0, card)
        played = rules.play(state, move)
        if card == THICK_FOG:
            assert played.top == Top(THICK_FOG, ANYWHERE)
        if played.phase == ALIBI_WINDOW:
            assert GRAPH.has_edge(node, Top(ALIBI, node.region))
            answered = rules.play(played, Answer(1, True))
            assert answered.top == Top(ALIBI, node.region)
            played = rules.play(played, Answer(1, False))
        if played.hand_number == state.hand_number:
            assert GRAPH.has_edge(node, played.top) and card in GRAPH.edges[node, played.top]["cards"], card


def test_every_kind_is_in_the_reading_above():
    played_in_turn = set(PLAYED_ON) | PLACES | {HOLMES, WATSON}
    assert played_in_turn == set(KINDS) - {AFOOT, ALIBI} - set(VILLAINS)
