"""Sherlock Express: speed deduction for 2-6 players.

``rules`` is the game (the engine protocol); ``state`` its shapes and events; ``reveal``,
``slap`` and ``rounds`` what the moves do; ``deduction`` what the face-up cards prove;
``narration`` the log; ``cards`` the components; ``bots`` the computer players; ``odds``
the exact analysis of a round.
"""

from sherlockkit.games.express.cards import SUSPECTS, Suspect

__all__ = ["SUSPECTS", "Suspect"]
