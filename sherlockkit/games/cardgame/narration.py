"""The Sherlock Holmes Card Game's log: the one place where events become sentences.

Each event is told twice: ``sentence`` is the story (who did what to whom, in the
game's voice), ``detail`` the rule behind it (what the card does, why a player drew, what
a hand's points are made of), for a reader who opens the line. ``ending`` says in one
sentence how the game ended. Given ``me`` (the seat reading), a sentence speaks to that
player: "you play", "your hand", "you and Irene share the win"; without it, every seat
goes by its name, and a name is never made possessive when it ends in a bracket ("the
hand of Holmes (you)", never "Holmes (you)'s").

:func:`log` tells a seat's view to that seat; :func:`sentences` tells any run of events.
Nothing else in the game writes English for the log, and nothing reads it back: bots,
the table widget and the chapter read the events. A sentence names only cards that are
face up (played cards, the Villains of an arrest or an escape); draws, passes and the
cards of a false arrest are told as numbers, and a :class:`~events.Peek` is not told at
all (the looker sees it in their view).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, BAKER_STREET, CLUE, COUNTRY, DISGUISE, EFFECTS, HANSOM, HOLMES, I_SUSPECT, INSPECTOR,
    LONDON, MYCROFT, SCOTLAND_YARD, SUIT_OF, TELEGRAM, THICK_FOG, TRAIN, VILLAINS, WATSON, full_stop,
)
from sherlockkit.games.cardgame.events import (
    Answered, Arrested, CardPlayed, CardsWentRound, Drew, Escaped, Event, FalseArrest, FogRedeal, GameOver,
    HandDealt, HandScored, HandsSwapped, Kept, Looked, NoVillainFound, PassChosen, PassedTurn, Peek,
    TelegramReceived, TrailCold,
)
from sherlockkit.games.cardgame.state import HAND_SIZE, View

NUMBERS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
#: the accusing cards as a noun in a sentence ("no Alibi against the arrest")
ACCUSATION = {ARREST: "the arrest", INSPECTOR: "the Inspector", I_SUSPECT: "the suspicion", WATSON: "Watson"}
#: a catching card as the means of an arrest ("With the Arrest, ...")
MEANS = {ARREST: "the Arrest", INSPECTOR: "the Inspector", HOLMES: "Holmes", WATSON: "Watson"}
#: verbs whose "you" form is not the third person without its "s"
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go"}


@dataclass(frozen=True)
class Line:
    """One line of the log: the story sentence, and the rule behind it (one click away)."""

    sentence: str
    detail: str


def log(seen: View, last: int | None = None) -> tuple[str, ...]:
    """The game's log as ``seen.me`` reads it (called "you"): a sentence for every event
    of their view that is told, oldest first, or only the ``last`` ones."""
    told = sentences(seen.events, seen.names, seen.me)
    return told if last is None else told[len(told) - last:] if last > 0 else ()


def sentences(events: Iterable[Event], names: tuple[str, ...], me: int | None = None) -> tuple[str, ...]:
    """One sentence for each of ``events`` that is told, oldest first, to a reader at no
    seat (or to ``me``, as "you"): the story of a game as a chapter or a replay tells it."""
    return tuple(line for line in (sentence(e, names, me) for e in events) if line)


def lines(events: Iterable[Event], names: tuple[str, ...], me: int | None = None) -> tuple[Line, ...]:
    """The log with its details: a :class:`Line` for each event that is told, oldest first."""
    return tuple(Line(told, detail(e, names, me)) for e in events if (told := sentence(e, names, me)))


def sentence(event: Event, names: tuple[str, ...], me: int | None = None) -> str | None:
    """``event`` in a sentence of the story, or ``None`` for an event the log does not
    tell (a private look into a hand)."""
    if isinstance(event, Peek):
        return None
    tell = _SENTENCES.get(type(event))
    if tell is None:
        raise TypeError(f"narration has no sentence for {type(event).__name__}")
    return tell(event, _Cast(tuple(names), me))


def detail(event: Event, names: tuple[str, ...], me: int | None = None) -> str | None:
    """The rule behind ``event``, for a reader who opens its line (``None`` for a private
    look, which is not told)."""
    if isinstance(event, Peek):
        return None
    return _DETAILS[type(event)](event, _Cast(tuple(names), me))


def ending(events: Iterable[Event], names: tuple[str, ...], totals: tuple[int, ...], me: int | None = None) -> str:
    """How the game ended, in a sentence: how its last hand ended (who made the arrest and
    whom they caught, who escaped, or that the trail went cold), who won and every total
    (``totals``, the game's penalty points)."""
    cast, events = _Cast(tuple(names), me), tuple(events)
    last = next((e for e in reversed(events) if isinstance(e, (Arrested, Escaped, TrailCold))), None)
    hands = sum(isinstance(e, HandScored) for e in events)
    first = hands < 2  # the sentence starts here, or after "In the last of three hands, "
    if isinstance(last, Arrested):
        how = f"{'W' if first else 'w'}ith {MEANS.get(last.card, last.card)}, {cast.name(last.by)} arrested " \
              f"{cast.name(last.target)}, caught holding {_and(last.villains)}"
    elif isinstance(last, Escaped):
        how = f"{cast.name(last.player, start=first)} escaped with {_and(last.villains)}"
    else:
        how = f"{'T' if first else 't'}he trail went cold with nobody caught"
    if not first:
        how = f"In the last of {NUMBERS[hands] if hands < len(NUMBERS) else hands} hands, {how}"
    best = min(totals)
    winners = [p for p, t in enumerate(totals) if t == best]
    verb = cast.does(winners[0], "wins") if len(winners) == 1 else "share the win"
    others = ", ".join(f"{cast.name(p)} {t}" for p, t in sorted(enumerate(totals), key=lambda pt: pt[1])
                       if p not in winners)
    rest = f" ({others})" if others else ""
    each = " each" if len(winners) > 1 else ""
    return f"{how}: {cast.together(winners)} {verb} with {_penalty(best)}{each}, the fewest{rest}."


# --- who is who in a sentence ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Cast:
    """The players of a sentence, as the reader ``me`` reads them: "you" for their own seat."""

    names: tuple[str, ...]
    me: int | None

    def name(self, p: int, start: bool = False) -> str:
        """Seat ``p`` as the subject or object of a sentence ("You" at its ``start``)."""
        if p == self.me:
            return "You" if start else "you"
        return self.names[p]

    def does(self, p: int, verb: str) -> str:
        """``verb`` (written as for "Irene": "plays") agreeing with seat ``p``."""
        if p != self.me:
            return verb
        if verb in _IRREGULAR:
            return _IRREGULAR[verb]
        if verb.endswith("ies"):
            return verb[:-3] + "y"
        if verb.endswith(("sses", "shes", "ches", "xes")):
            return verb[:-2]
        return verb[:-1]

    def hand_of(self, p: int, noun: str = "hand") -> str:
        """Seat ``p``'s ``noun``: "your hand", "Irene's hand", "the hand of Holmes (you)"."""
        if p == self.me:
            return f"your {noun}"
        name = self.names[p]
        return f"the {noun} of {name}" if name.endswith(")") else f"{name}'s {noun}"

    def together(self, seats, start: bool = False) -> str:
        """Several seats as one subject: "You and Irene", "Irene, Cy and you"."""
        said = [self.name(p, start and i == 0) for i, p in enumerate(seats)]
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]

    def acts(self, p: int, verb: str, rest: str = "") -> str:
        """A sentence's start: seat ``p`` doing ``verb`` (then ``rest``)."""
        return f"{self.name(p, start=True)} {self.does(p, verb)}{' ' + rest if rest else ''}"


def _cards(k: int, one: str = "a") -> str:
    """``k`` cards in words ("a card", or ``one`` card; "two cards")."""
    count = (one if k == 1 else NUMBERS[k]) if k < len(NUMBERS) else str(k)
    return f"{count} card" if k == 1 else f"{count} cards"


def _penalty(points: int) -> str:
    return f"{points} penalty point" if abs(points) == 1 else f"{points} penalty points"


def _and(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _points(v: int) -> str:
    return f"+{v}" if v > 0 else str(v)


# --- the story ---------------------------------------------------------------------------------------

#: a card played without naming anyone, as a step of the chase
_ON_THE_TRAIL = {
    AFOOT: ("opens", f"the hand with {AFOOT} The chase begins in London."),
    TRAIN: ("catches", "a Train: the chase changes ground."),
    HANSOM: ("hails", "a Hansom: the chase keeps to the same ground."),
    THICK_FOG: ("brings", "down a Thick Fog."),
    LONDON: ("follows", "the trail to London."),
    BAKER_STREET: ("calls", f"at {BAKER_STREET}"),
    SCOTLAND_YARD: ("calls", f"in at {SCOTLAND_YARD}."),
    COUNTRY: ("follows", "the trail into the Country."),
    CLUE: ("follows", "up a Clue."),
    TELEGRAM: ("sends", "a Telegram."),
}


def _played(e: CardPlayed, c: _Cast) -> str:
    if e.target is None:
        if e.card in _ON_THE_TRAIL:
            verb, rest = _ON_THE_TRAIL[e.card]
            return full_stop(c.acts(e.player, verb, rest))
        return full_stop(c.acts(e.player, "plays", e.card))
    t = c.name(e.target)
    if e.card == I_SUSPECT:
        return c.acts(e.player, "turns", f"to {t}: “I suspect you!”")
    if e.card == DISGUISE:
        return c.acts(e.player, "slips", f"into a Disguise to get close to {t}.")
    if e.card == INSPECTOR:
        yard = "; at Scotland Yard that is an arrest too" if e.arrest else ""
        return c.acts(e.player, "sends", f"an Inspector after {t}{yard}.")
    if e.card == ARREST:
        return c.acts(e.player, "accuses", f"{t} and {c.does(e.player, 'calls')} for an Arrest!")
    if e.card in (HOLMES, WATSON):
        return c.acts(e.player, "sends", f"{e.card} to search {c.hand_of(e.target)}.")
    if e.card == MYCROFT:
        return c.acts(e.player, "calls", f"on Mycroft to trade hands with {t}.")
    return c.acts(e.player, "plays", f"{e.card} on {t}.")


def _drew(e: Drew, c: _Cast) -> str:
    if e.why == Drew.ON_TURN:
        return c.acts(e.player, "finds", f"nothing to play and {c.does(e.player, 'draws')} a card.")
    if e.why == SCOTLAND_YARD:
        return c.acts(e.player, "draws", f"{_cards(e.count)} before playing.")
    return c.acts(e.player, "draws", f"{_cards(e.count)}.")


def _answered(e: Answered, c: _Cast) -> str:
    against = ACCUSATION.get(e.card, e.card)
    if e.alibi:
        return c.acts(e.player, "produces", f"an Alibi: {against} comes to nothing, and everyone passes a card, "
                                            "face down, to the left.")
    return c.acts(e.player, "offers", f"no Alibi against {against}.")


def _looked(e: Looked, c: _Cast) -> str:
    if e.count is None:
        return f"{e.card} goes through {c.hand_of(e.target)}, card by card."
    return c.acts(e.looker, "peeks", f"at {_cards(e.count)} from {c.hand_of(e.target)}, picked blind.")


def _arrested(e: Arrested, c: _Cast) -> str:
    means = MEANS.get(e.card, e.card)
    return (f"With {means}, {c.name(e.by)} {c.does(e.by, 'finds')} {_and(e.villains)} in {c.hand_of(e.target)}: "
            f"{c.name(e.target)} {c.does(e.target, 'is')} arrested!")


def _false_arrest(e: FalseArrest, c: _Cast) -> str:
    return (c.acts(e.target, "holds", "no Villain: a false arrest! ")
            + c.acts(e.by, "takes", f"{c.hand_of(e.target)}, {_cards(e.taken, one='one')}, and ")
            + f"{c.name(e.target)} {c.does(e.target, 'draws')} as many.")


def _escaped(e: Escaped, c: _Cast) -> str:
    last = "card" if len(e.villains) == 1 else "cards"
    return c.acts(e.player, "lays", f"down {_and(e.villains)} as the last {last} of the hand and "
                                    f"{c.does(e.player, 'escapes')}!")


def _scored(e: HandScored, c: _Cast) -> str:
    said = ", ".join(f"{c.name(p)} {_points(v)}" for p, v in enumerate(e.points))
    return f"Hand {e.hand} is counted, in penalty points: {said}."


def _over(e: GameOver, c: _Cast) -> str:
    if len(e.winners) == 1:
        return f"{c.together(e.winners, start=True)} {c.does(e.winners[0], 'wins')} the game with " \
               f"{_penalty(e.best)}, the fewest."
    return f"{c.together(e.winners, start=True)} share the win with {_penalty(e.best)} each, the fewest."


_SENTENCES = {
    HandDealt: lambda e, c: (f"Hand {e.hand} is dealt, {NUMBERS[HAND_SIZE]} cards each; {c.name(e.opener)} "
                             f"{c.does(e.opener, 'holds')} {AFOOT} and will open."),
    CardPlayed: _played,
    Drew: _drew,
    PassedTurn: lambda e, c: (f"{c.name(e.player, start=True)} cannot play and, with the draw pile empty, "
                              f"{c.does(e.player, 'passes')}."),
    Kept: lambda e, c: c.acts(e.player, "keeps", "it for later."),
    Answered: _answered,
    PassChosen: lambda e, c: c.acts(e.player, "chooses", "a card to pass."),
    CardsWentRound: lambda e, c: "The chosen cards go round, each to the player on the left.",
    FogRedeal: lambda e, c: "In the fog every hand is gathered, shuffled and dealt out again, each as big as it was.",
    HandsSwapped: lambda e, c: f"{c.together((e.player, e.target), start=True)} swap hands.",
    Looked: _looked,
    NoVillainFound: lambda e, c: f"No Villain there: the hand goes back to {c.name(e.target)}.",
    TelegramReceived: lambda e, c: f"Bad news by wire for {c.name(e.player)}: {_penalty(e.points)}.",
    Arrested: _arrested,
    FalseArrest: _false_arrest,
    Escaped: _escaped,
    TrailCold: lambda e, c: "Nobody can play and the draw pile is empty: the trail goes cold.",
    HandScored: _scored,
    GameOver: _over,
}


# --- the rule behind each line -----------------------------------------------------------------------


def _what(card: str) -> str:
    return f"{card} ({SUIT_OF[card]}): {EFFECTS[card]}"


def _played_detail(e: CardPlayed, c: _Cast) -> str:
    text = _what(e.card)
    if e.card == INSPECTOR and e.arrest:
        text += " Laid on Scotland Yard it arrests as well: a Villain in the hand is caught."
    if e.target is not None and e.card in ACCUSATION:
        text += f" {c.name(e.target, start=True)} may answer it with an Alibi."
    return text


def _drew_detail(e: Drew, c: _Cast) -> str:
    if e.why == Drew.ON_TURN:
        return ("Holding nothing that may follow the card on the table, a player draws one card, which nobody "
                "else sees. If it fits it may be played at once; either way it may be kept.")
    text = _what(e.why) if e.why in EFFECTS else "A card's effect makes this player draw."
    if e.why == SCOTLAND_YARD and e.count < 2:
        text += " The draw pile was empty." if e.count == 0 else " The draw pile held only one card."
    return text


def _looked_detail(e: Looked, c: _Cast) -> str:
    if e.count is None:
        rest = "the cards; everyone else learns only whether a Villain was there"
    else:
        rest = "which cards they were; everyone else is told only how many"
    return f"{_what(e.card)} Only {c.name(e.looker)} {c.does(e.looker, 'sees')} {rest}."


def _villain_rule() -> str:
    return EFFECTS[VILLAINS[0]]


_DETAILS = {
    HandDealt: lambda e, c: (f"Every player gets {NUMBERS[HAND_SIZE]} cards. One Villain is dealt among the hands and the "
                             "other three are shuffled into the draw pile. The holder of the opening card plays "
                             "it; then play goes round to the left."),
    CardPlayed: _played_detail,
    Drew: _drew_detail,
    PassedTurn: lambda e, c: ("With the draw pile empty, a player who cannot play passes. When every player in "
                              "turn has passed, the trail goes cold and the hand ends."),
    Kept: lambda e, c: "The drawn card stays in the hand; nobody else learns whether it could have been played.",
    Answered: lambda e, c: (_what(ALIBI) if e.alibi
                            else f"Without an Alibi, {e.card} takes effect: {EFFECTS[e.card]}"),
    PassChosen: lambda e, c: "The card is chosen face down: nobody but the one passing it knows which.",
    CardsWentRound: lambda e, c: ("All the chosen cards move at once. Play goes on after the player whose card "
                                  "the Alibi answered."),
    FogRedeal: lambda e, c: _what(THICK_FOG),
    HandsSwapped: lambda e, c: _what(MYCROFT),
    Looked: _looked_detail,
    NoVillainFound: lambda e, c: ("The looker remembers what the hand held. The table goes on as if the card had "
                                  "not been played: the next player follows the card under it."),
    TelegramReceived: lambda e, c: _what(TELEGRAM),
    Arrested: lambda e, c: ("An arrest ends the hand. The player who makes it takes points off their total; the "
                            "player caught holding a Villain takes a heavy penalty."),
    FalseArrest: lambda e, c: _what(ARREST),
    Escaped: lambda e, c: f"{_villain_rule()} Escaping ends the hand and takes points off the escaper's total.",
    TrailCold: lambda e, c: ("When the draw pile is empty and nobody has played for a whole round, the hand ends "
                             "with nobody caught; every card left in a hand counts against its holder."),
    HandScored: lambda e, c: ("Penalty points: each card left in a hand, more for a Villain; points off for the "
                              "arrest or the escape, a penalty for being caught; the hand's Telegrams included."),
    GameOver: lambda e, c: "The lowest total wins; equal totals share the win.",
}

assert set(_DETAILS) == set(_SENTENCES)
