"""The app's landing page: the five games, each one click from here once it is playable."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as w


@dataclass(frozen=True)
class GameCard:
    """One game on the landing page; ``dashboard`` is its notebook in the app folder."""

    title: str
    players: str
    blurb: str
    dashboard: str


GAMES = (
    GameCard("Sherlock Express", "2-6 players, against bots",
             "Turn up alibis, clear suspects, and slap the culprit before anyone else.", "express.ipynb"),
    GameCard("Detective Story Game", "solo",
             "A gamebook case: twelve turns of investigation driven by two dice.", "story.ipynb"),
    GameCard("The Sherlock Holmes Card Game", "3-6 players",
             "A shedding game of trains, fog and arrests: be rid of your cards, villains last.", "cardgame.ipynb"),
    GameCard("Beyond Baker Street", "2-4 players, co-operative",
             "See everyone's cards but your own and solve the case before Holmes does.", "bakerstreet.ipynb"),
    GameCard("Picture Perfect: the Sherlock expansion", "up to 6 players",
             "Arrange the guests for a photo, then find the culprit among them.", "picture.ipynb"),
)

STYLE = """<style>
.sk-landing { display: flex; flex-wrap: wrap; gap: 14px; }
.sk-landing .sk-game { width: 270px; border: 1px solid #c9b48a; border-radius: 10px; padding: 12px 14px;
  background: #fffaf0; }
.sk-landing .sk-game h3 { margin: 0 0 4px 0; font-size: 1.1em; }
.sk-landing .sk-game a { display: inline-block; margin-top: 8px; padding: 5px 14px; border-radius: 6px;
  background: #1f5f8b; color: #fff !important; text-decoration: none; font-weight: bold; }
.sk-landing .sk-soon { color: #8a7a5a; font-style: italic; margin-top: 8px; display: block; }
.sk-landing small { color: #6b5a3a; }
</style>"""


def playable(folder: Path) -> list[GameCard]:
    """The games whose dashboard exists in ``folder``."""
    return [g for g in GAMES if (Path(folder) / g.dashboard).is_file()]


def landing_page(folder: Path | str = ".") -> w.HTML:
    """The list of games: a Play link for each one with a dashboard, "coming" for the rest."""
    ready = set(playable(Path(folder)))
    cards = []
    for game in GAMES:
        action = (f"<a href='{html.escape(game.dashboard)}'>Play {html.escape(game.title)}</a>" if game in ready
                  else "<span class='sk-soon'>coming in a later chapter</span>")
        cards.append(f"<div class='sk-game'><h3>{html.escape(game.title)}</h3><small>{game.players}</small>"
                     f"<p>{html.escape(game.blurb)}</p>{action}</div>")
    page = w.HTML(STYLE + "<div class='sk-landing'>" + "".join(cards) + "</div>")
    page.add_class("sk-landing-page")
    return page
