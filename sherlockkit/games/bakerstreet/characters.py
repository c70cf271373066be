"""The project's own characters for Beyond Baker Street: who they are, their place in the
turn order, and the one rule each of them bends.

The published game's character texts are not in our sources, so these are ours, in the
manner of the examples the rules facts give: each bends exactly one rule, named by a
constant below, and the move modules ask :func:`bends` whether the seat that acts has
it (of the table or of that seat's view: a seat's power is public, the character cards
lying face up). Four of them may not Assist naming one icon each. A power that shows a
hidden card to one player only is left out on purpose: it would make what each player
knows differ in ways the view and the odds would have to track.

The two powers that are moves of their own, once a game, are ``rally.py`` and
``recall.py``; the others bend the clause of the move they change, in its module.
"""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.games.bakerstreet.cards import CLUE, DOCUMENT, TRACK, WITNESS
from sherlockkit.games.bakerstreet.events import PowerUsed

# --- the rules a character may bend ------------------------------------------------------------------

#: may Confirm a Lead whose evidence is one short of its target
CONFIRM_SHORT = "confirm short"
#: their Eliminate never costs a step of Holmes's lead, even past the Impossible's limit
QUIET_ELIMINATE = "quiet eliminate"
#: the Impossible holds one card more before a card costs a step (while they play)
ROOMY_IMPOSSIBLE = "roomy impossible"
#: once a game, as their action (``Rally``): Holmes one step back, away from 0
RALLY = "rally"
#: an Assist of theirs may name a number and an icon at once (two hints, one step)
TWO_HINTS = "two hints"
#: once a game, as their action (``Recall``): an eliminated card back into the deck, the
#: Investigation track lowered by its number
RECALL = "recall"
#: a Lead that dies by their action goes back to the box, not into the Impossible
DEAD_LEADS_BOXED = "dead leads boxed"
#: may not Assist naming one icon (``Character.cannot_name``)
ICON_BARRED = "icon barred"

#: the rules that give an action of its own, used once a game
ONCE_A_GAME = (RALLY, RECALL)


@dataclass(frozen=True)
class Character:
    """A character card: ``id`` (in options and saves), the turn-order ``number`` (the
    lowest plays first), ``name``, what they do in a sentence, the ``rule`` they bend, and
    the icon they may not name (for :data:`ICON_BARRED`)."""

    id: str
    number: int
    name: str
    text: str
    rule: str
    cannot_name: str | None = None


CHARACTERS: dict[str, Character] = {c.id: c for c in (
    Character("archivist", 1, "The Archivist",
              "Once a game, instead of another action, fetches one eliminated Evidence card back out of the "
              "Impossible and shuffles it into the deck; the Investigation track drops by its number.", RECALL),
    Character("surgeon", 2, "The Police Surgeon",
              "Trusts a near thing: may Confirm a Lead whose evidence falls one short of its target.", CONFIRM_SHORT),
    Character("cabman", 3, "The Night Cabman",
              "Once a game, instead of another action, wins Holmes's marker one step back, away from 0.", RALLY),
    Character("telegraphist", 4, "The Telegraphist",
              "Says twice as much for the same price: an Assist may name a number and an icon together, "
              "for one step of the Holmes marker.", TWO_HINTS),
    Character("magistrate", 5, "The Magistrate",
              "Has patience with wrong turns: while this character plays, the Impossible holds one card more "
              "before Holmes gains a step.", ROOMY_IMPOSSIBLE),
    Character("locksmith", 6, "The Locksmith",
              "Works without a sound: an Eliminate of theirs never brings Holmes nearer 0, even past the "
              "Impossible's limit.", QUIET_ELIMINATE),
    Character("urchin", 7, "The Street Urchin",
              "Drops a cold trail without fuss: a Lead that dies by their action goes back in the box, and the "
              "Impossible does not count it.", DEAD_LEADS_BOXED),
    Character("reader", 8, "The Reader of Novels",
              "Sees a story in everything but the small things: may not Assist by naming Clues.", ICON_BARRED, CLUE),
    Character("sailor", 9, "The Old Sailor",
              "Never learnt his letters: may not Assist by naming Documents.", ICON_BARRED, DOCUMENT),
    Character("clerk", 10, "The City Clerk",
              "Has never walked further than his office: may not Assist by naming Tracks.", ICON_BARRED, TRACK),
    Character("recluse", 11, "The Recluse",
              "Trusts nobody's word: may not Assist by naming Witnesses.", ICON_BARRED, WITNESS),
)}


def character(table, seat: int) -> Character | None:
    """The character ``seat`` plays at ``table`` (a state or a view), or ``None`` (a game
    without characters)."""
    cid = table.characters[seat]
    return CHARACTERS[cid] if cid is not None else None


def bends(table, seat: int, rule: str) -> bool:
    """Whether the character of ``seat`` bends ``rule``."""
    cid = table.characters[seat]
    return cid is not None and CHARACTERS[cid].rule == rule


def anyone_bends(table, rule: str) -> bool:
    """Whether any character at the table bends ``rule``."""
    return rule in [CHARACTERS[cid].rule for cid in table.characters if cid is not None]


def barred_icon(table, seat: int) -> str | None:
    """The icon ``seat`` may not name in an Assist, if their character has one."""
    cid = table.characters[seat]
    return CHARACTERS[cid].cannot_name if cid is not None else None


#: the name of the character who bends each rule (the first, should two: read last to first)
HOLDERS: dict[str, str] = {c.rule: c.name for c in reversed(CHARACTERS.values())}


def holder(rule: str) -> str:
    """The name of the character who bends ``rule`` (the first, should two)."""
    return HOLDERS[rule]


def power_refusal(seen, seat: int, rule: str, verb: str) -> str | None:
    """Why ``seat`` may not use the once-a-game power ``rule`` now (``verb``: its name as a
    verb), or ``None``: only the character who has it, and only once a game."""
    if not bends(seen, seat, rule):
        return f"Only {holder(rule)} may {verb}."
    if seat in seen.powers_used:
        return "That power is spent: it works once a game."
    return None


def power_event(table, seat: int, rule: str) -> PowerUsed:
    """The event telling that ``seat``'s character bent ``rule``."""
    return PowerUsed(seat, table.characters[seat], rule)
