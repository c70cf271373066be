"""Tables set up by hand for rule tests: a chosen display and chosen piles."""

from dataclasses import replace

from sherlockkit.games.express import rules
from sherlockkit.games.express.cards import SUSPECTS, Suspect


def suspect(animal: str, accessory: str, place: str) -> Suspect:
    found = Suspect(animal, accessory, place)
    assert found in SUSPECTS
    return found


# Six suspects in which every trait clears at most three of them.
DISPLAY = (
    suspect("tiger", "bowler hat", "library"),
    suspect("tiger", "moustache", "garden"),
    suspect("panda", "monocle", "library"),
    suspect("panda", "bowler hat", "tea room"),
    suspect("koala", "moustache", "tea room"),
    suspect("koala", "monocle", "garden"),
)


def table(piles, display=DISPLAY, players=None, **options):
    """A fresh game whose display and alibi piles (top first) are the given ones."""
    players = players or len(piles)
    state = rules.new(7, players=players, **options)
    rest = tuple(s for s in state.display + state.suspect_deck if s not in display)
    return replace(state, display=tuple(display), suspect_deck=rest,
                   piles=tuple(tuple(p) for p in piles))


def reveal_all(state, count):
    """``count`` alibis turned up, each by the player whose turn it is."""
    for _ in range(count):
        state = rules.play(state, rules.Reveal(state.turn))
    return state
