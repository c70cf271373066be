"""What may be played after what: the rulebook's follow lists as data, and their graph.

The table's state that decides the next legal card is a :class:`Top`: the last card that
counts (Holmes, Watson and Mycroft do not count: after them play goes on as if they had
not been played) and the kind of place the game is in (London or the Country), which a
Train changes and a Hansom keeps. This is the one place that says what card may follow
what (:func:`may_follow`, and :func:`reason` in words) and where the table is after it
(:func:`next_top`): playing a card (``playing.py``), the odds (``odds.py``) and the graph
the chapter draws all read it, so they cannot disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # the graph is for analyses: a table at play never pays for networkx
    import networkx as nx

from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, BAKER_STREET, CLUE, COUNTRY, DISGUISE, HANSOM, HOLMES, I_SUSPECT, IN_COUNTRY,
    IN_LONDON, INSPECTOR, KINDS, LOCATIONS, LONDON, LONDON_PLACES, MOVEMENTS, MYCROFT, SCOTLAND_YARD, TELEGRAM,
    SUIT_OF, THICK_FOG, TRAIN, VILLAINS, WATSON, full_stop, region_of,
)


class Top(NamedTuple):
    """The last card that counts, and the kind of place the game is in."""

    card: str
    region: str

    @property
    def label(self) -> str:
        """How the book and the app name this state: the card, and the place where it matters."""
        if self.card in LOCATIONS or self.card in (THICK_FOG, AFOOT):
            return self.card
        return f"{self.card} · {self.region}"


#: The game opens in London: Holmes wakes Watson at Baker Street (a decision of the book).
START = Top(AFOOT, IN_LONDON)
#: After Thick Fog nobody knows where they are: any Location may follow.
ANYWHERE = "anywhere"

#: card -> the cards it may be played on, as the rulebook lists them. Locations depend on
#: the place the movement card left (see ``may_follow``); Holmes, Watson, Villains and
#: the Alibi have rules of their own.
AFTER: dict[str, tuple[str, ...]] = {
    TRAIN: LOCATIONS + (ARREST, I_SUSPECT, TELEGRAM, INSPECTOR, ALIBI, AFOOT),
    HANSOM: LOCATIONS + (ARREST, I_SUSPECT, TELEGRAM, INSPECTOR, ALIBI, AFOOT),
    THICK_FOG: (TRAIN, HANSOM, AFOOT),
    CLUE: LOCATIONS + (DISGUISE,),
    I_SUSPECT: (CLUE, DISGUISE, BAKER_STREET),
    TELEGRAM: (CLUE, COUNTRY),
    DISGUISE: (CLUE,) + LONDON_PLACES,
    INSPECTOR: (SCOTLAND_YARD, I_SUSPECT, CLUE),
    ARREST: (LONDON, SCOTLAND_YARD, COUNTRY, I_SUSPECT, INSPECTOR),
    MYCROFT: LONDON_PLACES,
}

#: the cards an Alibi answers (played at once by the player they name)
ANSWERED_BY_ALIBI = (ARREST, INSPECTOR, I_SUSPECT, WATSON)
#: played, but the table goes on as if they had not been
SEE_THROUGH = (HOLMES, WATSON, MYCROFT)


def destination(top: Top) -> str | None:
    """The kind of place a Location must be after ``top``: the other kind after a Train,
    the same after a Hansom, any after Thick Fog (``None``), and no Location otherwise
    (``""``)."""
    if top.card == TRAIN:
        return IN_COUNTRY if top.region == IN_LONDON else IN_LONDON
    if top.card == HANSOM:
        return top.region
    if top.card == THICK_FOG:
        return None
    return ""


def may_follow(card: str, top: Top) -> bool:
    """Whether ``card`` may be played, in turn, on ``top``: Holmes or Watson on anything but
    a movement card or the opening; a Location after a Train, a Hansom or Thick Fog, in the
    kind of place it leads to; any other card on a card its follow list (:data:`AFTER`)
    names. Never "The game is afoot!" (it opens the hand), a Villain (a hand of Villains
    only goes down at once) nor the Alibi (it answers out of turn)."""
    if card in (HOLMES, WATSON):
        return top.card not in MOVEMENTS and top.card != AFOOT
    if card in LOCATIONS:
        where = destination(top)
        return where is None or where == region_of(card)  # "" (no Location) is no region
    return card in AFTER and top.card in AFTER[card]


def reason(card: str, top: Top) -> str | None:
    """``None`` when ``card`` may follow ``top`` (:func:`may_follow`); else a sentence saying
    why not (naming the table as :attr:`Top.label` writes it)."""
    if may_follow(card, top):
        return None
    if card == AFOOT:
        return "The game is afoot! opens the hand and cannot be played later."
    if card in VILLAINS:
        return "A Villain can only go down as the last card (or cards) of a hand."
    if card == ALIBI:
        return "An Alibi is played only at once, by the player an Arrest, Inspector, I Suspect or Watson names."
    if card in (HOLMES, WATSON):
        return full_stop(f"{card} may follow any card except a movement card (or the opening), "
                         f"and the table shows {top.label}")
    if card in LOCATIONS:
        where = destination(top)
        if where == "":
            return full_stop(f"A Location follows only a Train, a Hansom or Thick Fog, not {top.label}")
        place = "London" if where == IN_LONDON else "the Country"
        return f"After {top.label} the game goes to {place}: {card} is not there."
    return full_stop(f"{card} may follow only {_list(AFTER[card])}; the table shows {top.label}")


def next_top(top: Top, card: str) -> Top:
    """The table's state after ``card`` is played on ``top``."""
    if card in SEE_THROUGH:
        return top
    if card in LOCATIONS:
        return Top(card, region_of(card))
    if card == THICK_FOG:
        return Top(card, ANYWHERE)
    return Top(card, top.region)


def _list(cards) -> str:
    """The cards a card may be played on, in words ("Clue, Disguise or 221B Baker St.")."""
    names = [c for c in cards if c != AFOOT]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def playable(top: Top, kinds=None) -> tuple[str, ...]:
    """The kinds (of ``kinds``, or of every card) that may be played in turn on ``top``."""
    return tuple(k for k in (KINDS if kinds is None else kinds) if may_follow(k, top))


# --- the graph ------------------------------------------------------------------------------------

def legality_graph() -> nx.DiGraph:
    """The states that decide what may be played next, and the legal follows between them.

    Nodes are :class:`Top` states reachable from the opening, with ``label``, ``card``,
    ``region`` and ``suit``; an edge ``u -> v`` means some card played on ``u`` leaves the
    table at ``v``, and its ``cards`` attribute lists which. Holmes, Watson and Mycroft
    leave the table as it was, so they are self-loops; an Alibi answering Watson is an
    edge from wherever Watson may be played.
    """
    import networkx as nx

    graph = nx.DiGraph()
    todo, seen = [START], {START}
    while todo:
        top = todo.pop()
        graph.add_node(top, label=top.label, card=top.card, region=top.region, suit=SUIT_OF[top.card])
        moves = [(card, next_top(top, card)) for card in KINDS if may_follow(card, top)]
        if top.card in ANSWERED_BY_ALIBI[:-1]:
            moves.append((ALIBI, next_top(top, ALIBI)))
        if may_follow(WATSON, top):
            moves.append((ALIBI, next_top(top, ALIBI)))  # Watson, then the Alibi that answers him
        for card, after in moves:
            if graph.has_edge(top, after):
                graph.edges[top, after]["cards"] = tuple(sorted(set(graph.edges[top, after]["cards"]) | {card}))
            else:
                graph.add_edge(top, after, cards=(card,))
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return graph


def node(label: str) -> Top:
    """The graph's node called ``label`` (as :attr:`Top.label` writes it)."""
    for top in legality_graph():
        if top.label == label:
            return top
    raise KeyError(f"No state of the table is called {label!r}.")
