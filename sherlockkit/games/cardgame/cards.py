"""The 108 cards of The Sherlock Holmes Card Game: kinds, suits and counts.

A card is its kind's name (a string): two Trains are the same card. The counts and the
suits (the colour of a card's border) are the rulebook's; the names are the ones printed
on the cards, in English. The glossary gives the words the Italian rulebook uses.
"""

from __future__ import annotations

from collections import Counter

# --- the kinds, by suit ----------------------------------------------------------------------

TRAIN, HANSOM, THICK_FOG = "Train", "Hansom", "Thick Fog"
LONDON, BAKER_STREET, SCOTLAND_YARD, COUNTRY = "London", "221B Baker St.", "Scotland Yard", "Country"
CLUE, I_SUSPECT, TELEGRAM, DISGUISE = "Clue", "I Suspect", "Telegram", "Disguise"
INSPECTOR, ARREST, ALIBI = "Inspector", "Arrest", "Alibi"
HOLMES, WATSON, MYCROFT, AFOOT = "Holmes", "Watson", "Mycroft", "The game is afoot!"
MORIARTY, MORAN, CLAY, MILVERTON = "Professor Moriarty", "Colonel Moran", "John Clay", "Charles Augustus Milverton"

#: suit -> (colour of the border, {kind: copies})
SUITS: dict[str, tuple[str, dict[str, int]]] = {
    "Movement": ("blue", {TRAIN: 12, HANSOM: 12, THICK_FOG: 3}),
    "Location": ("green", {LONDON: 6, BAKER_STREET: 3, SCOTLAND_YARD: 3, COUNTRY: 12}),
    "Information": ("magenta", {CLUE: 12, I_SUSPECT: 12, TELEGRAM: 4, DISGUISE: 4}),
    "Action": ("orange", {INSPECTOR: 6, ARREST: 5, ALIBI: 6}),
    "Detective": ("purple", {HOLMES: 1, WATSON: 1, MYCROFT: 1, AFOOT: 1}),
    "Villain": ("black", {MORIARTY: 1, MORAN: 1, CLAY: 1, MILVERTON: 1}),
}

COPIES: dict[str, int] = {kind: n for _, kinds in SUITS.values() for kind, n in kinds.items()}
KINDS: tuple[str, ...] = tuple(COPIES)
SUIT_OF: dict[str, str] = {kind: suit for suit, (_, kinds) in SUITS.items() for kind in kinds}
COLOUR_OF: dict[str, str] = {kind: SUITS[suit][0] for kind, suit in SUIT_OF.items()}

MOVEMENTS = tuple(SUITS["Movement"][1])
LOCATIONS = tuple(SUITS["Location"][1])
VILLAINS = tuple(SUITS["Villain"][1])
LONDON_PLACES = (LONDON, BAKER_STREET, SCOTLAND_YARD)  # the Country card is the only country place

#: the two kinds of place a game can be in
IN_LONDON, IN_COUNTRY = "London", "Country"

DECK_SIZE = sum(COPIES.values())  # 108


def region_of(place: str) -> str:
    """The kind of place a Location card is: London (London, Baker Street, Scotland
    Yard) or the Country."""
    if place not in LOCATIONS:
        raise ValueError(f"{place!r} is not a Location card.")
    return IN_LONDON if place in LONDON_PLACES else IN_COUNTRY


def full_stop(text: str) -> str:
    """``text`` ended by a full stop, unless a card's name already ends it ("St.", "afoot!")."""
    return text if text.endswith((".", "!")) else text + "."


def full_deck() -> list[str]:
    """All 108 cards, in a fixed order (shuffle it yourself)."""
    return [kind for kind, n in COPIES.items() for _ in range(n)]


def kinds_in(hand) -> tuple[str, ...]:
    """The kinds in ``hand``, once each, in the order of the card list."""
    held = set(hand)
    return tuple([k for k in KINDS if k in held])


def only_villains(hand) -> bool:
    """Whether ``hand`` holds cards, every one of them a Villain."""
    return bool(hand) and _VILLAINS.issuperset(hand)


_VILLAINS = frozenset(VILLAINS)


def count(cards) -> Counter:
    """How many of each kind are in ``cards``."""
    return Counter(cards)


#: what each card does, in a sentence (the book's table and the app's tooltips)
EFFECTS: dict[str, str] = {
    TRAIN: "The story changes kind of place: London to the Country, or the Country to London.",
    HANSOM: "The story stays in the same kind of place.",
    THICK_FOG: "All hands are gathered, shuffled and dealt back, everyone getting as many cards as "
               "they held. Any place may follow.",
    LONDON: "A place in London.",
    BAKER_STREET: "A place in London; the only one an I Suspect may follow.",
    SCOTLAND_YARD: "A place in London, and a penalty: the next player draws two cards before their turn.",
    COUNTRY: "The one place out of town.",
    CLUE: "Look at two cards, picked blind, from the hand of the player who played just before you.",
    I_SUSPECT: "Name a player: they draw a card (unless they answer with an Alibi).",
    TELEGRAM: "Bad news for the next player: penalty points on the spot (10 unless the game says otherwise).",
    DISGUISE: "Look at two cards, picked blind, from the hand of any player you name.",
    INSPECTOR: "Name a player: they draw two cards. Laid on Scotland Yard it is an arrest as well.",
    ARREST: "Name a player and look through their hand. A Villain there: caught, and the hand is over. "
            "None: you take their whole hand into yours, and they draw as many cards as they lost.",
    ALIBI: "The accused player's answer to an Arrest, Inspector, I Suspect or Watson: that card does "
           "nothing, everyone passes one card face down to the left, and play goes on after the accuser.",
    HOLMES: "Look through a named player's hand. A Villain there is caught; otherwise nothing happens.",
    WATSON: "As Holmes (look through a named player's hand), except that an Alibi can stop him.",
    MYCROFT: "Swap your whole hand with a named player's.",
    AFOOT: "Opens the hand.",
    **{villain: "A Villain: only when you hold nothing else, lay them all down and escape." for villain in VILLAINS},
}

#: what taking each card that accuses you does to you, if you answer it with no Alibi
#: (the page's prompt; narration tells the same from the events)
TAKING: dict[str, str] = {
    ARREST: "if you hold a Villain you are caught; if not, they take all your cards and you draw as many",
    INSPECTOR: "you draw two cards",
    I_SUSPECT: "you draw a card",
    WATSON: "they look through your hand, and a Villain there is caught",
}

#: Italian words of the rulebook, and the English the project uses
GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("Movimento", "Movement", "a suit: blue border"),
    ("Treno", "Train", "moves the game to the other kind of place"),
    ("Carrozza", "Hansom", "moves the game to a place of the same kind"),
    ("Località / Luogo", "Location", "a suit: green border"),
    ("Londra", "London", ""),
    ("Campagna", "Country", ""),
    ("Informazione", "Information", "a suit: magenta border"),
    ("Indizio", "Clue", ""),
    ("telegrammi", "Telegrams", "the penalty cards of the scoring"),
    ("Travestimento", "Disguise", ""),
    ("Azione", "Action", "a suit: orange border"),
    ("Arresto", "Arrest", ""),
    ("Alibi", "Alibi", ""),
    ("Detective", "Detective", "a suit: purple border"),
    ("Criminale", "Villain", "a suit: black border"),
    ("mazzo", "draw pile", ""),
    ("mano", "hand", ""),
    ("penalità", "penalty", "Scotland Yard, Telegram, a false arrest"),
)
