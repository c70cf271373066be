"""The three Lead sections of the board (the rulebook's "Setup" and "Investigate"): what lies
in a section -- its Leads, the Evidence played below the open one, whether it is confirmed
-- and how a section adds up.

A section's *target* is its open Lead's value plus the number of every card of the wrong
icon played under it (a mismatched card raises what the Lead needs by its number); its
*total* is the sum of the cards of the right icon.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from sherlockkit.games.bakerstreet.cards import Evidence, Lead


@dataclass(frozen=True)
class PileView:
    """A section as everyone sees it: its open Lead (``None`` once lost), how many Leads
    wait face down below it, the Evidence under it, whether it is confirmed, and its sums
    (``target``: the Lead's value plus every wrong-icon card; ``total``: the matching cards)."""

    kind: str
    lead: Lead | None
    leads_below: int
    evidence: tuple[Evidence, ...]
    confirmed: bool
    target: int
    total: int


@dataclass(frozen=True)
class Pile:
    """One section of the board: its ``kind``, its Leads top first (``leads[0]`` is the
    open one, the others face down), the Evidence played under it in order, and whether
    it is confirmed."""

    kind: str
    leads: tuple[Lead, ...]
    evidence: tuple[Evidence, ...] = ()
    confirmed: bool = False

    @property
    def lead(self) -> Lead | None:
        """The open Lead, or ``None`` once the section has lost its last one."""
        return self.leads[0] if self.leads else None

    @property
    def target(self) -> int:
        """What the open Lead's matching evidence must add up to: its value, raised by every
        wrong-icon card under it (0 once the section has no Lead left)."""
        return self.seen.target

    @property
    def total(self) -> int:
        """What the open Lead's matching evidence adds up to."""
        return self.seen.total

    # Kept with the section, which never changes (a move that changes one makes a new one,
    # which works it out anew): every seat's view of every table shows each section, and
    # most moves hand all three on unchanged. Worked out once a section rather than once a
    # view, random play runs some 25% quicker (``benchmarks/engines.py``).
    @cached_property
    def seen(self) -> PileView:
        """The section as every seat sees it (see :class:`PileView`)."""
        lead = self.lead
        target = total = 0
        if lead is not None:
            target = lead.value
            for card in self.evidence:
                if card.icon == lead.icon:
                    total += card.number
                else:
                    target += card.number
        return PileView(kind=self.kind, lead=lead, leads_below=max(0, len(self.leads) - 1), evidence=self.evidence,
                        confirmed=self.confirmed, target=target, total=total)
