"""The log: the one place where Sherlock Express's events become sentences.

Each event is told twice: :func:`sentence`, the story as a reader at the table would tell
it ("Irene turns up a tiger alibi: no tiger did it."), and :func:`detail`, the rule that
made it so, one click away in the app. One sentence per event, so a widget can show "the
last two lines" as the last two events.

``you`` is the seat the sentences are addressed to (the app's player): that seat is
"you", with the verbs that go with it ("You catch your fifth suspect and win the
game."); without it every seat is called by its name. :func:`log` tells a seat's view
to that seat. Nothing else in the game writes English for the log, and nothing reads it
back: bots and widgets read the events.
"""

from __future__ import annotations

from typing import Sequence

from sherlockkit.games.express.cards import kind_of
from sherlockkit.games.express.events import AlibiTurnedUp, Accused, Event, GameWon, RoundBegun, RoundVoid
from sherlockkit.games.express.state import View

MORIARTY = "Moriarty (the suspect deck)"

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
             "eighteenth", "nineteenth", "twentieth")
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def sentence(event: Event, names: Sequence[str], you: int | None = None) -> str:
    """The story of ``event`` in one sentence, the players called by ``names`` (and the
    seat ``you``, if given, called "you")."""
    match event:
        case RoundBegun(round=number, starter=starter):
            return f"Round {number} begins: {_who(starter, names, you)} will turn up the first alibi."
        case AlibiTurnedUp(player=p, trait=trait, false_alibi=True):
            return (f"{_Who(p, names, you)} {_verb(p, you, 'turns', 'turn')} up another {trait} alibi: "
                    f"a false alibi! It points at {_bearer(trait)}.")
        case AlibiTurnedUp(player=p, trait=trait, repeated=True):
            return f"{_Who(p, names, you)} {_verb(p, you, 'turns', 'turn')} up another {trait} alibi: nothing new."
        case AlibiTurnedUp(player=p, trait=trait):
            return f"{_Who(p, names, you)} {_verb(p, you, 'turns', 'turn')} up a {trait} alibi: {_nobody(trait)} did it."
        case Accused(player=p, slot=slot, suspect=suspect, right=False):
            target = "the deck, accusing Moriarty" if suspect is None else str(suspect)
            return (f"{_Who(p, names, you)} {_verb(p, you, 'slaps', 'slap')} {target}, but nothing proves it: "
                    f"{_who(p, names, you)} {_verb(p, you, 'sits', 'sit')} out the rest of the round.")
        case Accused(player=p, suspect=None, by_false_alibi=False):
            return (f"Every suspect is cleared, so it was Moriarty: {_who(p, names, you)} "
                    f"{_verb(p, you, 'slaps', 'slap')} the deck and {_verb(p, you, 'takes', 'take')} its top card.")
        case Accused(player=p, suspect=None, won=won):
            return (f"{_Who(p, names, you)} {_verb(p, you, 'slaps', 'slap')} the deck, where the false alibi "
                    f"points, and {_verb(p, you, 'takes', 'take')} {_cards(len(won))}.")
        case Accused(player=p, suspect=suspect, by_false_alibi=True, won=won):
            return (f"{_Who(p, names, you)} {_verb(p, you, 'slaps', 'slap')} {suspect}, as the false alibi "
                    f"points, and {_verb(p, you, 'takes', 'take')} {_cards(len(won))}.")
        case Accused(player=p, suspect=suspect):
            return f"{_Who(p, names, you)} {_verb(p, you, 'catches', 'catch')} {suspect}, the one suspect the alibis leave."
        case RoundVoid(round=number):
            return f"Everyone has slapped wrongly: round {number} is void, and nobody catches anyone."
        case GameWon(winners=winners, score=score, why=why):
            if len(winners) > 1:  # only an empty deck can leave a tie
                who = _and([_who(p, names, you) for p in winners])
                return f"The suspect deck runs out: {who} share the win with {score} suspects each."
            [p] = winners
            if why == "target":
                ordinal = _ORDINALS[score - 1] if score <= len(_ORDINALS) else f"{score}th"
                whose = "your" if p == you else "the" if score == 1 else "a"
                return (f"{_Who(p, names, you)} {_verb(p, you, 'catches', 'catch')} {whose} {ordinal} suspect "
                        f"and {_verb(p, you, 'wins', 'win')} the game.")
            return (f"The suspect deck runs out: {_who(p, names, you)} {_verb(p, you, 'wins', 'win')} the game "
                    f"with {_suspects(score)}, more than anyone.")
    raise TypeError(f"Sherlock Express has no sentence for {event!r}.")


def detail(event: Event, names: Sequence[str], you: int | None = None) -> str:
    """The rule behind ``event``, for a reader who wants to check it: what the table
    proved, what was won, why a round ended."""
    match event:
        case RoundBegun(round=1):
            return ("Six suspects lie face up and the rest wait face down as the suspect deck; the 36 alibis "
                    "are dealt face down round the table, and nobody may look at any of them.")
        case RoundBegun():
            return ("Every alibi turned up last round goes back into its owner's pile, shuffled. The player who "
                    "caught the last suspect starts; after a void round, the same player starts again.")
        case AlibiTurnedUp(trait=trait, false_alibi=True):
            return (f"False Alibi variant: a trait turned up twice in a round points at the culprit. A slap on "
                    f"{_any(trait)} (or on the deck, if there is none) wins two cards.")
        case AlibiTurnedUp(trait=trait, repeated=True):
            return f"A {trait} alibi was already face up this round, so this one clears nobody new."
        case AlibiTurnedUp(trait=trait):
            return (f"An alibi clears every visible suspect with its trait: {_bearers(trait)} can be this "
                    "round's culprit.")
        case Accused(player=p, right=False):
            return ("A slap is right only when the face-up alibis prove it at that moment: the one suspect left "
                    "uncleared, or Moriarty when every suspect is cleared. A wrong slap wins nothing, and "
                    f"{_who(p, names, you)} {_verb(p, you, 'turns', 'turn')} up alibis but cannot slap again "
                    "until the next round.")
        case Accused(by_false_alibi=True, won=won):
            return f"A slap where a false alibi points takes the suspect and the top card of the deck: {_list(won)}."
        case Accused(suspect=None, won=won):
            return ("When every visible suspect is cleared, the culprit is Moriarty, and a slap on the deck takes "
                    f"its top card: {_list(won)}.")
        case Accused(won=won):
            return ("Every other visible suspect was cleared by a face-up alibi. The card caught is "
                    f"{_list(won)}; its place is filled from the suspect deck while it lasts.")
        case RoundVoid():
            return ("When every player is out, nobody can win the round: the display stays, the alibis go back "
                    "into their owners' piles, and the same player starts the round again.")
        case GameWon(why="target", score=score):
            return f"The first player to catch {_suspects(score)} wins the game at once."
        case GameWon():
            return ("The game ends when a round ends with the suspect deck empty: the most suspects caught wins, "
                    "and a tie shares the win.")
    raise TypeError(f"Sherlock Express has no detail for {event!r}.")


def sentences(events: Sequence[Event], names: Sequence[str], you: int | None = None) -> tuple[str, ...]:
    """Each of ``events`` in its sentence, in order, told to a reader at no seat (or to
    ``you``): the story of a game as a chapter or a replay tells it."""
    return tuple(sentence(e, names, you) for e in events)


def log(seen: View, last: int | None = None) -> tuple[str, ...]:
    """The game's log as ``seen.me`` reads it (called "you"): every event's sentence, in
    order, or only the ``last`` ones."""
    events = seen.events if last is None else seen.events[-last:] if last else ()
    return sentences(events, seen.names, seen.me)


# --- the words: who, which verb, which cards ---------------------------------------------------


def _who(seat: int, names: Sequence[str], you: int | None) -> str:
    """The seat as a sentence names it mid-sentence: "you", or the player's name."""
    return "you" if seat == you else names[seat]


def _Who(seat: int, names: Sequence[str], you: int | None) -> str:
    """The seat at the start of a sentence."""
    return _capital(_who(seat, names, you))


def _verb(seat: int, you: int | None, third: str, second: str) -> str:
    """The verb agreeing with the seat: "you catch" but "Irene catches"."""
    return second if seat == you else third


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _and(items: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _list(cards) -> str:
    return _and([str(c) for c in cards]) if cards else "none, the deck being empty"


def _cards(count: int) -> str:
    """"one card", "two cards"."""
    word = _NUMBERS[count] if count < len(_NUMBERS) else str(count)
    return f"{word} card" if count == 1 else f"{word} cards"


def _suspects(count: int) -> str:
    return f"{count} suspect" if count == 1 else f"{count} suspects"


def _nobody(trait: str) -> str:
    """Who an alibi showing ``trait`` clears, as the subject of "did it"."""
    kind = kind_of(trait)
    return f"no {trait}" if kind == "animal" else f"nobody with a {trait}" if kind == "accessory" \
        else f"nobody in the {trait}"


def _bearer(trait: str) -> str:
    """Someone with ``trait``: what a false alibi points at."""
    kind = kind_of(trait)
    return f"a {trait}" if kind == "animal" else f"someone with a {trait}" if kind == "accessory" \
        else f"someone in the {trait}"


def _bearers(trait: str) -> str:
    """Nobody with ``trait``, as the subject of "can be"."""
    kind = kind_of(trait)
    return f"no {trait}" if kind == "animal" else f"nobody with a {trait}" if kind == "accessory" \
        else f"nobody seen in the {trait}"


def _any(trait: str) -> str:
    """Any visible suspect with ``trait``: where a false alibi's slap may land."""
    kind = kind_of(trait)
    return f"any visible {trait}" if kind == "animal" else f"any visible suspect with a {trait}" \
        if kind == "accessory" else f"any visible suspect in the {trait}"
