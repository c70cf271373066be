"""Picture Perfect: the cards as data -- the preference cards (the guests' wishes), the
exchange cards that drive the rounds, and the numbers of the deal.

A preference card is a :class:`Wish`: a ``kind`` and, for some kinds, a row or a guest.
What a wish asks of the mat and the photo is judged in ``wishes.py`` (the one place);
here are only the cards, their count and their words.
"""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.games.picture.guests import DETECTIVE_NAMES, GUESTS, NAMES

MIN_PLAYERS, MAX_PLAYERS = 2, 6
ROUNDS = 6
PER_ENVELOPE = 3


def envelopes_each(players: int) -> int:
    """How many envelopes each player is dealt: 2, or 1 with five or six players."""
    return 1 if players >= 5 else 2


# --- the preference cards -------------------------------------------------------------------------

ROW, FRONT, BACK, LAST, LEFT, RIGHT, CENTRE, TABLE = "row", "front", "back", "last", "left", "right", "centre", "table"
NEXT_TO, NO_MAN, NO_WOMAN, NO_FACE, HIDE = "next to", "no man", "no woman", "no face", "hide"
WISH_KINDS = (ROW, FRONT, BACK, LAST, LEFT, RIGHT, CENTRE, TABLE, NEXT_TO, NO_MAN, NO_WOMAN, NO_FACE, HIDE)
#: the guests who show no face to the camera (turned away, from behind, veiled; the plant):
#: nobody can hide a face they do not show, so no "hide ...'s face" card names them
FACELESS = ("Miss Ashby", "Captain Thorne", "Madame Roche", "the Aspidistra")


@dataclass(frozen=True, order=True)
class Wish:
    """A preference card: ``kind`` (one of ``WISH_KINDS``), with ``row`` for "in row N" and
    ``guest`` for "next to GUEST" and "hide GUEST's face"."""

    kind: str
    row: int | None = None
    guest: str | None = None

    def names(self, guest: str) -> bool:
        """Whether this card names ``guest`` (a card never lies in its own guest's envelope)."""
        return self.guest == guest

    @property
    def text(self) -> str:
        """The card as the guest asks it, in our own words."""
        return WORDS[self.kind].format(row=self.row, guest=self.guest)


WORDS = {
    ROW: "I want to stand in row {row}.",
    FRONT: "I want to stand in the front rows.",
    BACK: "I want to stand in the back rows.",
    LAST: "I want to stand in the last row.",
    LEFT: "I want to stand on the left.",
    RIGHT: "I want to stand on the right.",
    CENTRE: "I want to stand in the centre.",
    TABLE: "I want to stand at the table.",
    NEXT_TO: "I want to stand next to {guest}.",
    NO_MAN: "I do not want to stand next to a man.",
    NO_WOMAN: "I do not want to stand next to a woman.",
    NO_FACE: "I do not want my face to be seen.",
    HIDE: "I want to hide {guest}'s face.",
}


def _deck() -> tuple[Wish, ...]:
    """The preference deck, in a fixed order (the deal shuffles it): two of each row, three
    of each place on the mat, one "next to" per guest, two of each "not next to" and of
    "my face not visible", one "hide ...'s face" per guest who shows a face."""
    cards: list[Wish] = []
    cards += [Wish(ROW, row=r) for r in (1, 2, 3, 4) for _ in range(2)]
    cards += [Wish(k) for k in (FRONT, BACK, LEFT, RIGHT, CENTRE, TABLE) for _ in range(3)]
    cards += [Wish(LAST)] * 2
    cards += [Wish(NEXT_TO, guest=g.name) for g in GUESTS]
    cards += [Wish(k) for k in (NO_MAN, NO_WOMAN, NO_FACE) for _ in range(2)]
    cards += [Wish(HIDE, guest=name) for name in NAMES if name not in FACELESS]
    return tuple(cards)


PREFERENCES: tuple[Wish, ...] = _deck()
#: the variant "detectives as guests" (ours): a "next to" and a "hide ...'s face" card for
#: each of Watson, Holmes and Irène (all three show a face), added to the deck only there
DETECTIVE_PREFERENCES: tuple[Wish, ...] = tuple(
    Wish(kind, guest=name) for name in DETECTIVE_NAMES for kind in (NEXT_TO, HIDE))


def detectives_deck(guests: tuple[str, ...]) -> tuple[Wish, ...]:
    """The preference deck of a "detectives as guests" party whose guests are ``guests``:
    the base deck and the detectives' six cards, less every card naming a guest who is not
    at the party (back in the box), in a fixed order (the deal shuffles it)."""
    present = set(guests)
    return tuple(c for c in PREFERENCES + DETECTIVE_PREFERENCES if c.guest is None or c.guest in present)

# --- the Sherlock expansion's cards (issue 14) -----------------------------------------------------

#: the culprit's own card, on its face-down Alibi card: it wants to avoid the investigators
AVOID_INVESTIGATORS = "not next to Watson or Holmes"
WORDS[AVOID_INVESTIGATORS] = "Keep me well away from Watson and Holmes."
CULPRIT_CARD = Wish(AVOID_INVESTIGATORS)
#: the kinds of card about a place on the mat: the culprit's way out is drawn among them
PLACE_KINDS = (ROW, FRONT, BACK, LAST, LEFT, RIGHT, CENTRE, TABLE)
NEXT_TO_VICTIM, UNSEEN, WITH = "next to the victim", "not seen at all", "photographed with"
WORDS[NEXT_TO_VICTIM] = "I want to stand next to the victim."
WORDS[UNSEEN] = "Put me in the picture, but let not a scrap of me show."
WORDS[WITH] = "My face must be the one nearest {guest}'s in the photo."
#: the twelve preference cards the expansion shuffles into the deck
SHERLOCK_PREFERENCES: tuple[Wish, ...] = tuple(
    card for card in (Wish(NEXT_TO_VICTIM), Wish(UNSEEN), Wish(WITH, guest="Watson"), Wish(WITH, guest="Holmes"),
                      Wish(AVOID_INVESTIGATORS), Wish(FRONT)) for _ in range(2))
#: the culprit's points by how many of its five wishes are met (ours)
CULPRIT_POINTS = {0: -6, 1: -2, 2: 1, 3: 4, 4: 8, 5: 12}
#: what Watson and Holmes each score standing next to the culprit
INVESTIGATOR_POINTS = 12
#: what Irène scores for each VIP guest beside her
IRENE_POINTS = 5


def draw_way_out(shuffled: list[Wish]) -> tuple[Wish, list[Wish]]:
    """The culprit's second card, drawn face up at setup: the first card about a place in
    the ``shuffled`` deck; returns it and the deck without it."""
    at = next(i for i, card in enumerate(shuffled) if card.kind in PLACE_KINDS)
    return shuffled[at], shuffled[:at] + shuffled[at + 1:]


def deal_envelopes(shuffled: list[Wish], names: tuple[str, ...] = NAMES
                   ) -> tuple[tuple[tuple[Wish, ...], ...], tuple[Wish, ...]]:
    """Three cards into each guest's envelope (in ``names`` order: the party's guests,
    ``GUESTS`` by default) from the top of the
    ``shuffled`` deck, and the cards left over. A card that names the envelope's own guest,
    or repeats a card already in that envelope, is put aside and the next one taken; the
    cards put aside go back under the deck. Returns (envelopes, the rest of the deck)."""
    deck = list(shuffled)
    envelopes = []
    for name in names:
        inside: list[Wish] = []
        aside: list[Wish] = []
        while len(inside) < PER_ENVELOPE:
            card = deck.pop(0)
            (aside if card.names(name) or card in inside else inside).append(card)
        deck += aside
        envelopes.append(tuple(inside))
    return tuple(envelopes), tuple(deck)


def fits(name: str, cards: tuple[Wish, ...]) -> bool:
    """Whether ``cards`` may lie in ``name``'s envelope: none names that guest, none twice."""
    return not any(c.names(name) for c in cards) and len(set(cards)) == len(cards)


# --- the exchange cards: one turned up each round -----------------------------------------------

TAKE, GIVE_BACK, TRADE_MIDDLE, PASS_LEFT, PASS_RIGHT, SWAP_RIGHT, SWAP_LEFT, QUIET = (
    "take", "give back", "trade with the middle", "pass left", "pass right", "swap right", "swap left", "quiet")
EXCHANGES = (TAKE, GIVE_BACK, TRADE_MIDDLE, PASS_LEFT, PASS_RIGHT, SWAP_RIGHT, SWAP_LEFT, QUIET)
#: the cards everyone chooses for first, then all envelopes move at once
PASSES = (PASS_LEFT, PASS_RIGHT)
SWAPS = (SWAP_RIGHT, SWAP_LEFT)

EXCHANGE_WORDS = {
    TAKE: "Take an envelope from the middle.",
    GIVE_BACK: "Put one of your envelopes back in the middle.",
    TRADE_MIDDLE: "Put an envelope back in the middle, then take another one from there "
                  "(not the one you put back, nor one already taken this round).",
    PASS_LEFT: "Everyone chooses an envelope, then passes it to the player on their left.",
    PASS_RIGHT: "Everyone chooses an envelope, then passes it to the player on their right.",
    SWAP_RIGHT: "Take an envelope from the player on your right, then give them one of yours.",
    SWAP_LEFT: "Take an envelope from the player on your left, then give them one of yours.",
    QUIET: "A quiet round: no envelope moves.",
}


# the Sherlock expansion's seven exchange cards (ours), turned up in this order, one a round;
# each moves envelopes as one of the base cards does (``MECHANICS``), and three of them
# then let every player ask one question (``questions.py``)
BEGINS, FIRST_QUESTIONS, TRADE_CLUES, INDUCTIVE, BACK_TO_BOX, DEDUCTIVE, LAST_LOOK = (
    "the investigation begins", "first questions", "trading clues", "inductive reasoning",
    "an envelope put back", "deductive reasoning", "one last look")
SHERLOCK_EXCHANGES = (BEGINS, FIRST_QUESTIONS, TRADE_CLUES, INDUCTIVE, BACK_TO_BOX, DEDUCTIVE, LAST_LOOK)
MECHANICS = {BEGINS: TAKE, FIRST_QUESTIONS: PASS_LEFT, TRADE_CLUES: TRADE_MIDDLE, INDUCTIVE: SWAP_RIGHT,
             BACK_TO_BOX: GIVE_BACK, DEDUCTIVE: PASS_RIGHT, LAST_LOOK: SWAP_LEFT}
QUESTION_CARDS = (FIRST_QUESTIONS, INDUCTIVE, DEDUCTIVE)
for _card, _how in MECHANICS.items():
    EXCHANGE_WORDS[_card] = EXCHANGE_WORDS[_how] + (" Then everyone, in turn, asks one player one question."
                                                    if _card in QUESTION_CARDS else "")


def mechanic(card: str | None) -> str | None:
    """How an exchange card moves the envelopes: the base card it plays as (itself for a base card)."""
    return MECHANICS.get(card, card)


def left_of(seat: int, players: int) -> int:
    """The seat on ``seat``'s left: the next seat (play goes clockwise, to the left)."""
    return (seat + 1) % players


def right_of(seat: int, players: int) -> int:
    """The seat on ``seat``'s right: the one before."""
    return (seat - 1) % players


# --- scoring ------------------------------------------------------------------------------------

#: points of a guest in the photo, by how many of its wishes are met
POINTS = {0: -3, 1: 1, 2: 3, 3: 6}
#: a VIP guest's points are multiplied by this
VIP_FACTOR = 2
