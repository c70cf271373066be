"""Beyond Baker Street's conventions: what the thinking bots agree on, and the
conventions bot that plays by them and rules of thumb alone.

1. *An Assist points at a play.* The newest card an Assist points at (the highest slot
   it names) is to be played now: with an icon hint, under the open Lead of that icon;
   with a number hint, under the first open Lead (board order) that the number makes
   exact, else the first it fits without passing the target.
2. *A number hint that would hit 20 means Eliminate.* When the number named is exactly
   what the Investigation track lacks to reach 20, the newest card pointed at is to be
   eliminated instead.
3. A bot gives only hints that its teammate, decoding them by 1 and 2, turns into a
   good move (the right icon without passing the target, or the track landing on 20).
4. An Assist is read only if its receiver has not played a card since it was given.
5. A teammate who holds an Assist they have not acted on yet is not given another: it
   would cost Holmes a step and add nothing to the move they are already told to make
   (at four players, teams that kept hinting ran Holmes out: case 1 was won about 7%
   of the time without this convention; with it, 28% by conventions bots and 36% by
   inference bots over 2,000 cases, ``ladder.csv``).

The conventions bot, in order: confirm a Lead that is exact; follow an Assist; play a
card it knows (icon and number) under a Lead it fits; assist a teammate whose card is
playable (while Holmes can afford it); eliminate a card it knows is safe (the track stays
at 20 or below); eliminate its oldest card while any card is safe (track at 14 or less);
pursue a Lead only when it is a dead end (no set of the cards still in play of its icon
fills its gap); else a random legal move that does not knowingly lose.
"""

from __future__ import annotations

import random

from sherlockkit.games.bakerstreet.assist import learn, pointed
from sherlockkit.games.bakerstreet.cards import EVIDENCE, INVESTIGATION_GOAL, Evidence
from sherlockkit.games.bakerstreet.events import Assisted, Eliminated, Investigated
from sherlockkit.games.bakerstreet.state import Action, Assist, Confirm, Eliminate, Investigate, Pursue, Told, View

#: a hint costs Holmes a step: a bot hints only while he stands above this
HOLMES_MARGIN = 2
#: with the track at this or below, any card may be eliminated without passing 20
SAFE_TRACK = INVESTIGATION_GOAL - 6


def fits_lead(pile, number: int) -> bool:
    """Whether a card numbered ``number`` of the right icon may go under ``pile`` (a
    section as seen): its Lead open and not confirmed, the total not passing the target."""
    return pile.lead is not None and not pile.confirmed and pile.total + number <= pile.target


def decode(view: View, seat: int, told: tuple[Told, ...], hint: Assisted | Assist, slots) -> Action | None:
    """What the conventions tell ``seat`` to do with the newest card ``hint`` pointed at
    (``slots``), knowing ``told`` of their cards: Eliminate it (a number that brings the
    track to exactly 20), or Investigate it under the Lead named by convention 1; ``None``
    when no open Lead answers."""
    if not slots:
        return None
    slot = max(slots)
    known = told[slot]
    if hint.number is not None and hint.icon is None and view.investigation + hint.number == INVESTIGATION_GOAL:
        return Eliminate(seat, slot)
    open_piles = [p for p in view.piles if p.lead is not None and not p.confirmed]
    if known.icon is not None:
        fitting = [p for p in open_piles if p.lead.icon == known.icon
                   and (known.number is None or fits_lead(p, known.number))]
    else:
        number = known.number
        fitting = ([p for p in open_piles if p.total + number == p.target]
                   or [p for p in open_piles if fits_lead(p, number)])
    return Investigate(seat, slot, fitting[0].kind) if fitting else None


def good_for(view: View, action: Action, card: Evidence) -> bool:
    """Whether ``action`` with ``card`` (seen by the hint's giver) helps: an Eliminate that
    leaves the track at 20 or below, an Investigate of the right icon not passing the target."""
    if isinstance(action, Eliminate):
        return view.investigation + card.number <= INVESTIGATION_GOAL
    pile = next(p for p in view.piles if p.kind == action.lead)
    return pile.lead.icon == card.icon and fits_lead(pile, card.number)


def waiting(view: View, seat: int) -> bool:
    """Whether ``seat`` holds an Assist they have not played a card since (convention 4):
    a teammate told what to do already, not to be told again (convention 5)."""
    for event in reversed(view.events):
        if isinstance(event, (Investigated, Eliminated)) and event.player == seat:
            return False
        if isinstance(event, Assisted) and event.target == seat:
            return True
    return False


def hints(view: View, options: list[Action]) -> list[tuple[int, Assist]]:
    """The legal Assists that a teammate decodes into a good move, each with a score (a
    Lead made exact or the track landing on 20 scores higher); none to a teammate
    still waiting on an Assist (convention 5)."""
    out = []
    for a in options:
        if not isinstance(a, Assist) or waiting(view, a.target):
            continue
        hand = view.hands[a.target]
        slots = pointed(hand, a.number, a.icon)
        told = tuple(learn(t, c, a.number, a.icon) for t, c in zip(view.told[a.target], hand))
        move = decode(view, a.target, told, a, slots)
        if move is None or not good_for(view, move, hand[move.card]):
            continue
        card = hand[move.card]
        if isinstance(move, Eliminate):
            score = 3
        else:
            pile = next(p for p in view.piles if p.kind == move.lead)
            score = 3 if pile.total + card.number == pile.target else 1 + card.number / 10
        out.append((score, a))
    return sorted(out, key=lambda sa: -sa[0])


def fresh_hint(view: View) -> Assisted | None:
    """The newest Assist to this player, if they have not played a card since (convention 4;
    :func:`waiting` asks the same of any seat)."""
    for event in reversed(view.events):
        if isinstance(event, (Investigated, Eliminated)) and event.player == view.player:
            return None
        if isinstance(event, Assisted) and event.target == view.player:
            return event
    return None


def dead_end(view: View, pile) -> bool:
    """Whether no set of the Evidence still in play (hands, deck) of the Lead's icon adds
    up to what the Lead lacks."""
    gone = {c for c in view.impossible if isinstance(c, Evidence)} | {c for p in view.piles for c in p.evidence}
    live = [c.number for c in EVIDENCE if c.icon == pile.lead.icon and c not in gone]
    gap, sums = pile.target - pile.total, {0}
    for n in live:
        sums |= {s + n for s in sums if s + n <= gap}
    return gap not in sums


def confirm_now(view: View, options: list[Action]) -> Action | None:
    """A Confirm worth making now: any but the last Lead's, which waits for the track to
    stand at exactly 20 (confirming it short loses the case)."""
    left = sum(1 for p in view.piles if not p.confirmed)
    for a in options:
        if isinstance(a, Confirm) and (left > 1 or view.investigation == INVESTIGATION_GOAL):
            return a
    return None


def offered(options: list[Action], move: Action | None) -> Action | None:
    """The move of ``options`` (the engine's list) that ``move`` names -- a convention's
    reading or a rule of thumb -- or ``None`` when the list does not offer it: a bot plays
    only what the rules offer."""
    return next((option for option in options if option == move), None)


def settled_move(view: View, options: list[Action]) -> Action | None:
    """The move the conventions settle, which every thinking level makes first: a Confirm
    worth making, else the move an Assist to this player tells (``None`` when neither)."""
    move = confirm_now(view, options)
    if move:
        return move
    hint = fresh_hint(view)
    if hint is not None:
        return offered(options, decode(view, view.player, view.told[view.player], hint, hint.slots))
    return None


def pursue_dead_end(view: View, options: list[Action]) -> Action | None:
    for p in view.piles:
        if p.lead is not None and not p.confirmed and p.leads_below > 0 and dead_end(view, p):
            move = offered(options, Pursue(view.player, p.kind))
            if move:
                return move
    return None


def not_losing(view: View, options: list[Action], rng: random.Random) -> Action:
    """A random move that does not knowingly end the case lost (any move when all do)."""
    left = sum(1 for p in view.piles if not p.confirmed)
    safe = [a for a in options if not isinstance(a, Pursue)
            and not (isinstance(a, Confirm) and left == 1 and view.investigation != INVESTIGATION_GOAL)
            and not (isinstance(a, Eliminate) and view.investigation > SAFE_TRACK)
            and not (isinstance(a, Assist) and view.holmes <= 1)]
    return rng.choice(safe or options)


def conventions(view: View, options: list[Action], rng: random.Random) -> Action:
    """The conventions bot's move (see the module docstring)."""
    move = settled_move(view, options)
    if move:
        return move
    told = view.told[view.player]
    for slot, t in enumerate(told):
        if t.icon is not None and t.number is not None:
            for p in view.piles:
                if p.lead is not None and p.lead.icon == t.icon and fits_lead(p, t.number):
                    return offered(options, Investigate(view.player, slot, p.kind))
    if view.holmes > HOLMES_MARGIN:
        good = hints(view, options)
        if good:
            return good[0][1]
    for slot, t in enumerate(told):
        if t.number is not None and view.investigation + t.number <= INVESTIGATION_GOAL:
            return offered(options, Eliminate(view.player, slot))
    if view.investigation <= SAFE_TRACK and view.hand_sizes[view.player]:
        return offered(options, Eliminate(view.player, 0))
    return pursue_dead_end(view, options) or not_losing(view, options, rng)
