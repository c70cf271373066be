"""The games, one package each; ``GAMES`` maps a game's id to its rules module."""

from __future__ import annotations

import importlib

GAME_IDS = ("express", "story", "cardgame")


def rules_of(game_id: str):
    """The rules module of the game called ``game_id`` (it follows ``sherlockkit.engine``)."""
    if game_id not in GAME_IDS:
        raise KeyError(f"There is no game called {game_id!r}; the games are {', '.join(GAME_IDS)}.")
    return importlib.import_module(f"sherlockkit.games.{game_id}.rules")
