"""Slipping your VIP card into an envelope: once a party, while you arrange, into an
envelope you hold; whoever reads that envelope from then on sees it, and its guest scores
double (``scoring.py``). The expansion: an envelope holds one VIP card at most.
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.picture import phases
from sherlockkit.games.picture.envelopes import no_envelope
from sherlockkit.games.picture.events import VipSlipped
from sherlockkit.games.picture.guests import capital
from sherlockkit.games.picture.state import State, View, Vip, held, holder, index


def refusal(seen: View, move: Vip) -> str | None:
    """Why ``seen.player`` may not slip their VIP card into ``move.guest``'s envelope now (a
    sentence), or ``None``: only while they arrange, if they still have it, into an envelope
    they hold that holds no VIP card yet."""
    wrong = (phases.questions_refusal(seen) or no_envelope(seen, move.guest)
             or phases.arranging_refusal(seen, move.player))
    if wrong:
        return wrong
    if not seen.vip_unused:
        return "You have already slipped your VIP card into an envelope."
    if holder(seen, move.guest) != move.player:
        return f"You do not hold {move.guest}'s envelope."
    if any(guest == move.guest and vip for guest, _, vip in seen.envelopes):
        return capital(f"{move.guest}'s envelope already holds a VIP card.")
    return None


def offered(seen: View) -> list[Vip]:
    """Every Vip :func:`refusal` allows now: one for each envelope the player holds that may
    take their VIP card (in guest order), none while they may not arrange."""
    if phases.questions_refusal(seen) or phases.arranging_refusal(seen, seen.player):
        return []
    candidates = (Vip(seen.player, guest) for guest in held(seen, seen.player))
    return [move for move in candidates if refusal(seen, move) is None]


def slip(state: State, move: Vip) -> State:
    """The table after the player's VIP card goes into the envelope."""
    i = index(move.guest, state)
    envelope = evolve(state.envelopes[i], vip=True)
    return evolve(state, step=state.step + 1, envelopes=replace_at(state.envelopes, i, envelope),
                  vips=replace_at(state.vips, move.player, False),
                  events=state.events + (VipSlipped(move.player, move.guest),))
