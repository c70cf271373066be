"""The narrator's grammar and memory: names inside sentences (a band of roughs takes a
plural verb, "the" inside a sentence), and what the story so far says (whom the fight
is against, who struck the last blow)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Iterable

from sherlockkit.games.story import events as ev

Story = Sequence[ev.Event]  # the events before the one told


class Upto(Sequence):
    """``events[:end]`` without copying them: the story before event ``end``."""

    def __init__(self, events: Sequence[ev.Event], end: int):
        self.events, self.end = events, end

    def __len__(self) -> int:
        return self.end

    def __getitem__(self, i: int) -> ev.Event:
        i = i + self.end if i < 0 else i
        if not 0 <= i < self.end:
            raise IndexError(i)
        return self.events[i]


def last(before: Story, kind: type, within: int = 400):
    """The latest event of ``kind`` among the last ``within`` events ``before``, or None."""
    for i in range(len(before) - 1, max(-1, len(before) - 1 - within), -1):
        if isinstance(before[i], kind):
            return before[i]
    return None


def plural(name: str) -> bool:
    """Whether ``name`` is a band rather than one person ("The Baron's hired roughs")."""
    words = name.split()
    return len(words) > 1 and words[0].lower() == "the" and words[-1].endswith("s") and not words[-1].endswith("ss")


def the(name: str) -> str:
    """``name`` inside a sentence: "the Baron's hired roughs", "one of the Professor's
    hired bravoes", "Holmes"."""
    for opening in ("The ", "One of "):
        if name.startswith(opening):
            return opening.lower() + name[len(opening):]
    return name


def agree(name: str, one: str, many: str) -> str:
    """The verb that agrees with ``name``: ``one`` ("strikes") for one, ``many`` ("strike") for a band."""
    return many if plural(name) else one


def whose(name: str) -> str:
    """The possessive: "Watson's", "the Baron's hired roughs'"."""
    return the(name) + ("'" if plural(name) else "'s")


def and_list(names: Iterable[str]) -> str:
    """"A", "A and B", "A, B and C" (each as inside a sentence)."""
    names = [the(n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def cap(text: str) -> str:
    """``text`` with a capital first letter, to open a sentence."""
    return text[:1].upper() + text[1:]


def rule_name(pid: str) -> str:
    """A rule's name as the rulebook prints it: "r007b" -> "R007b"."""
    return "R" + pid[1:]


def foes(before: Story) -> str:
    """Whom the fight is against, from the last fight started ("the Baron's hired roughs")."""
    started = last(before, ev.FightStarted)
    return and_list(name for name, _ in started.opponents) if started and started.opponents else "the enemy"


def struck_by(before: Story) -> str | None:
    """Who struck the last blow against Holmes's side, if a fight was just lost."""
    lost = last(before, ev.FightLost, within=6)
    if lost is not None:
        return lost.by
    exchange = last(before, ev.Exchange, within=6)
    return exchange.theirs if exchange is not None else None
