"""Picture Perfect, the Sherlock expansion: a player's view read as the odds helper's
facts, and the exact odds of the culprit from that view alone.

``facts(view)`` gives what ``odds.culprit_odds`` takes: the suspects (the party's twelve,
``alibis.suspects_of``, but the victim), the eleven envelopes holding one Alibi card each
(all but the victim's and those of the guests who were outside, ``alibis.outside``), the
Alibi cards this player read (``None`` for "I saw nothing"), who held which envelope
(public: the deal, every take and pass; holding is reading), and the answers this player
was given. An answer speaks of what its answerer had read *then*,
so each answer gets its own pseudo-seat (``ANSWER_SEATS`` up) holding the envelopes the
answerer had held at that moment: "no, not confirmed" says nothing about what they read
later. "Is X cleared?" answered yes clears X; "I don't know" says the answerer had not
confirmed X then.
"""

from __future__ import annotations

from sherlockkit.games.picture.alibis import SAW_NOTHING, suspects_of
from sherlockkit.games.picture.questions import CLEARED, CONFIRMED, YES
from sherlockkit.games.picture.odds import culprit_odds
from sherlockkit.games.picture.events import Answered, Dealt, Passed, Read, Took
from sherlockkit.games.picture.state import View

#: the first pseudo-seat key used for an answer's snapshot of its answerer's reads: above
#: every real seat (``cards.MAX_PLAYERS``), so ``odds`` reads a snapshot as one more seat
#: that held those envelopes
ANSWER_SEATS = 1000


def _snapshot(reads: dict[int, set[str]], answerer: int, said: list) -> int:
    """The pseudo-seat standing for ``answerer`` as they answered (the next free key from
    ``ANSWER_SEATS``), added to ``reads`` with the envelopes they had held by then: what they
    read later says nothing about that answer."""
    key = ANSWER_SEATS + len(said)
    reads[key] = set(reads[answerer])
    return key


def facts(view: View) -> dict:
    """The keyword arguments of ``odds.culprit_odds`` for ``view``'s player (a Sherlock
    party): suspects, envelopes, seen, reads, said, cleared."""
    if not view.sherlock:
        raise ValueError("There is no culprit outside a Sherlock party.")
    suspects = tuple(s for s in suspects_of(view) if s != view.victim)
    envelopes = suspects  # each suspect's envelope but the victim's holds one Alibi card
    seen: dict[str, str | None] = {}
    reads: dict[int, set[str]] = {p: set() for p in range(view.players)}
    said, cleared = [], set()
    for e in view.events:
        if isinstance(e, Dealt):
            for guest, seat in e.holders:
                reads[seat].add(guest)
        elif isinstance(e, Took):
            reads[e.player].add(e.guest)
        elif isinstance(e, Passed):
            reads[e.to].add(e.guest)
        elif isinstance(e, Read) and e.player == view.player and e.guest in envelopes:
            seen[e.guest] = None if e.alibi == SAW_NOTHING else e.alibi
        elif isinstance(e, Answered) and e.player == view.player and e.answer is not None:
            if e.kind == CLEARED and e.answer == YES:
                cleared.add(e.guest)
                continue
            said.append((_snapshot(reads, e.target, said), e.guest, e.kind == CONFIRMED and e.answer == YES))
    envelope_set = set(envelopes)
    return dict(suspects=suspects, envelopes=envelopes, seen=seen,
                reads={p: frozenset(r & envelope_set) for p, r in reads.items()}, said=tuple(said),
                cleared=frozenset(c for c in cleared if c in suspects))


def odds_view(view: View, rational: bool = True) -> dict:
    """For ``view``'s player: each suspect -> the exact chance it is the culprit, from
    their view alone (SymPy ``Rational``; ``Fraction`` with ``rational=False``)."""
    return culprit_odds(**facts(view), rational=rational)
