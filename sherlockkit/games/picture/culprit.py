"""Picture Perfect, the Sherlock expansion: a player's view read as the odds helper's
facts, and the exact odds of the culprit from that view alone.

``facts(view)`` gives what ``odds.culprit_odds`` takes: the suspects (the party's twelve,
``alibis.suspects_of``, but the victim), the eleven envelopes holding one Alibi card each
(all but the victim's and those of the guests who were outside, ``alibis.outside``), the
Alibi cards this player read (``None`` for "I saw nothing"), who held which envelope
(public: the deal, every take and pass; holding is reading), and the answers this player
was given, each as where it puts the guest's Alibi card.

An honest answer reads the answerer's Alibi sheet as it was *then* (``questions.honest``),
so each answer is a set of envelopes, with a pseudo-seat of its own (``ANSWER_SEATS`` up)
holding them: the guest's card lies in one of them (a yes) or in none (a no, an "I don't
know"). "Have you confirmed X's alibi?" speaks of the envelopes the answerer had held.
"Is X cleared?" speaks of their whole sheet: X's card lies in an envelope they had held,
or the answer to one of their own earlier questions about X was yes -- and every question
is public, so the envelopes that yes needed are known (those the asked player had held,
and so on down their own questions). A "yes" is more than "X is innocent", and an "I don't
know" says that none of those envelopes holds X's card.

The simpler model the project used before (a yes to "is X cleared?" only clears X, an "I
don't know" speaks only of the envelopes the answerer had held) is kept as
``facts(view, model=HELD_ONLY)``, for the chapter to show what it gets wrong; it is never
the default.
"""

from __future__ import annotations

from sherlockkit.games.picture.alibis import SAW_NOTHING, suspects_of
from sherlockkit.games.picture.questions import CONFIRMED, YES
from sherlockkit.games.picture.odds import culprit_odds
from sherlockkit.games.picture.events import Answered, Dealt, Passed, Read, Took
from sherlockkit.games.picture.state import View

#: the first pseudo-seat key used for the envelopes an answer speaks of: above every real
#: seat (``cards.MAX_PLAYERS``), so ``odds`` reads them as one more seat that held them
ANSWER_SEATS = 1000

#: the two models of what an answer to "is X cleared?" says (see the module's docstring)
WHOLE_SHEET = "the answerer's whole sheet"
HELD_ONLY = "only what the answerer held"
MODELS = (WHOLE_SHEET, HELD_ONLY)


def sheet_reach(reads: dict[int, set[str]], asked: list, seat: int, guest: str) -> frozenset[str]:
    """The envelopes ``guest``'s Alibi card must lie in for ``seat``'s sheet to clear
    ``guest`` now: those ``seat`` has held, and, for each question ``seat`` asked about
    ``guest`` before, those its yes needed (``asked``: every question answered so far, in
    order, as ``(asker, guest, envelopes a yes needed)``)."""
    out = set(reads[seat])
    for asker, about, needed in asked:
        if asker == seat and about == guest:
            out |= needed
    return frozenset(out)


def facts(view: View, model: str = WHOLE_SHEET) -> dict:
    """The keyword arguments of ``odds.culprit_odds`` for ``view``'s player (a Sherlock
    party): suspects, envelopes, seen, reads, said, cleared (``model=HELD_ONLY``: the
    simpler model, see the module's docstring)."""
    if model not in MODELS:
        raise ValueError(f"The models are {' and '.join(map(repr, MODELS))}, not {str(model)[:40]!r}.")
    if not view.sherlock:
        raise ValueError("There is no culprit outside a Sherlock party.")
    suspects = tuple(s for s in suspects_of(view) if s != view.victim)
    envelopes = suspects  # each suspect's envelope but the victim's holds one Alibi card
    seen: dict[str, str | None] = {}
    reads: dict[int, set[str]] = {p: set() for p in range(view.players)}
    asked: list[tuple[int, str, frozenset[str]]] = []
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
        elif isinstance(e, Answered):  # every question is public; its answer, the asker's
            if e.kind == CONFIRMED or model == HELD_ONLY:
                needed = frozenset(reads[e.target])
            else:
                needed = sheet_reach(reads, asked, e.target, e.guest)
            asked.append((e.player, e.guest, needed))
            if e.player == view.player and e.answer is not None and model == HELD_ONLY \
                    and e.kind != CONFIRMED and e.answer == YES:
                cleared.add(e.guest)
            elif e.player == view.player and e.answer is not None:
                key = ANSWER_SEATS + len(said)
                reads[key] = set(needed)
                said.append((key, e.guest, e.answer == YES))
    envelope_set = set(envelopes)
    return dict(suspects=suspects, envelopes=envelopes, seen=seen,
                reads={p: frozenset(r & envelope_set) for p, r in reads.items()}, said=tuple(said),
                cleared=frozenset(c for c in cleared if c in suspects))


def odds_view(view: View, rational: bool = True, model: str = WHOLE_SHEET) -> dict:
    """For ``view``'s player: each suspect -> the exact chance it is the culprit, from
    their view alone (SymPy ``Rational``; ``Fraction`` with ``rational=False``)."""
    return culprit_odds(**facts(view, model), rational=rational)
