"""The Sherlock expansion's chapter (book/picture-sherlock.ipynb) in words: names and counts
as a sentence reads them, the stored parties' means with their intervals, and what an
interval says of zero.

Wording only: the values come from ``sherlockkit.games.picture`` (``inquiry_report.py``
for the means and their intervals); the drawings are in ``widgets/picture_chapter.py``.
"""

from __future__ import annotations

from collections.abc import Iterable

#: the measures of ``inquiry_report.MEASURES`` read as a share of the seats, and as a chance
RATE, CHANCE = "culprit the likeliest", "chance given to the culprit"


def listed(names: Iterable[str]) -> str:
    """\"a\", \"a and b\", \"a, b and c\"."""
    names = [str(n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    """\"1 envelope\", \"3 envelopes\" (``many``: the plural when it is not ``word`` + s)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def estimate_words(estimate, measure: str) -> str:
    """A mean a seat and its 95% interval, ``"mean (low to high)"``: a share of the seats
    (:data:`RATE`) in whole percents, the chance given to the culprit to three places, a
    count or points to one."""
    mean, low, high = estimate.mean, estimate.low, estimate.high
    if measure == RATE:
        return f"{mean:.0%} ({low:.0%} to {high:.0%})"
    digits = 3 if measure == CHANCE else 1
    return f"{mean:.{digits}f} ({low:.{digits}f} to {high:.{digits}f})"


def difference_words(estimate, measure: str) -> str:
    """A difference of means (with the questions less without) and its interval, signed: a
    share of the seats in percentage points, the rest as :func:`estimate_words`."""
    mean, low, high = estimate.mean, estimate.low, estimate.high
    if measure == RATE:
        return f"{100 * mean:+.0f} percentage points ({100 * low:+.0f} to {100 * high:+.0f})"
    digits = 3 if measure == CHANCE else 1
    return f"{mean:+.{digits}f} ({low:+.{digits}f} to {high:+.{digits}f})"


def verdict(estimate) -> str:
    """What a difference's 95% interval says of zero: "wholly above zero", "wholly below
    zero", or "which takes in zero"."""
    if estimate.low > 0:
        return "wholly above zero"
    if estimate.high < 0:
        return "wholly below zero"
    return "which takes in zero"


def path_words(chances: Iterable) -> str:
    """A suspect's chances one after another, as exact fractions: ``"1/9 → 5/48 → 2/5"``."""
    return " → ".join(str(p) for p in chances)
