"""Sherlock Express: speed deduction for 2-6 players.

``rules`` is the game (the engine protocol), ``cards`` its components, ``bots`` the
computer players and the race between them, ``odds`` the exact analysis of a round.
"""

from sherlockkit.games.express.cards import SUSPECTS, Suspect

__all__ = ["SUSPECTS", "Suspect"]
