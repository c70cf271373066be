"""The app's landing page: the games of ``sherlockkit.games.CATALOGUE``, each one click
from here once its dashboard exists."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w

from sherlockkit.games import CATALOGUE, GameEntry

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


def playable(folder: Path) -> list[GameEntry]:
    """The games of the catalogue whose dashboard exists in ``folder``."""
    return [g for g in CATALOGUE if (Path(folder) / g.dashboard).is_file()]


def landing_page(folder: Path | str = ".") -> w.HTML:
    """The list of games: a Play link for each one with a dashboard, "coming" for the rest."""
    ready = set(playable(Path(folder)))
    cards = []
    for game in CATALOGUE:
        action = (f"<a href='{html.escape(game.dashboard)}'>Play {html.escape(game.title)}</a>" if game in ready
                  else "<span class='sk-soon'>coming in a later chapter</span>")
        cards.append(f"<div class='sk-game'><h3>{html.escape(game.title)}</h3><small>{game.players}</small>"
                     f"<p>{html.escape(game.blurb)}</p>{action}</div>")
    page = w.HTML(STYLE + "<div class='sk-landing'>" + "".join(cards) + "</div>")
    page.add_class("sk-landing-page")
    return page
