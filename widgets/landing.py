"""The app's landing page: the games of ``sherlockkit.games.GAMES``, each one click
from here once its dashboard exists.

The app's launcher serves :func:`landing_document` as a plain page: choosing a game
needs no kernel, so a visitor who only looks costs the server nothing (a Voilà page
starts a ~65 MB kernel per visitor). :func:`landing_page` is the same list as a widget,
for a notebook.
"""

from __future__ import annotations

import html
from pathlib import Path

from sherlockkit.games import GAMES, GameEntry

STYLE = """<style>
.sk-landing { display: flex; flex-wrap: wrap; gap: 14px; }
.sk-landing .sk-game { width: 270px; max-width: 100%; box-sizing: border-box; border: 1px solid #c9b48a;
  border-radius: 10px; padding: 12px 14px; background: #fffaf0; }
.sk-landing .sk-game h3 { margin: 0 0 4px 0; font-size: 1.1em; }
.sk-landing .sk-game a { display: inline-block; margin-top: 8px; padding: 5px 14px; border-radius: 6px;
  background: #1f5f8b; color: #fff !important; text-decoration: none; font-weight: bold; }
.sk-landing .sk-soon { color: #8a7a5a; font-style: italic; margin-top: 8px; display: block; }
.sk-landing small { color: #6b5a3a; }
@media (max-width: 600px) { .sk-landing .sk-game { width: 100%; } }
</style>"""

INTRO = ("Five Sherlock Holmes tabletop games to learn and play. Pick a game: each one opens at "
         "its own address, and the book explains its rules and its odds.")

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sherlockkit</title>
<style>
body {{ font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #2b2b2b;
  max-width: 900px; margin: 0 auto; padding: 16px; line-height: 1.45; }}
h1 {{ font-size: 1.6em; margin: 0.2em 0 0.3em 0; }}
#sk-going {{ display: none; position: fixed; inset: 0; background: rgba(255,255,255,0.92);
  align-items: center; justify-content: center; flex-direction: column; font-size: 1.3em; }}
#sk-going p {{ font-size: 0.75em; color: #555; max-width: 24em; text-align: center; }}
</style>
{style}
</head>
<body>
<h1>sherlockkit</h1>
<p>{intro} <a href='{book}'>Read the book</a>: each game's rules, a played example and its odds.</p>
{catalogue}
{going}
</body>
</html>
"""


#: what the page shows the moment a game is chosen (not formatted: it holds braces)
GOING = """<div id="sk-going" role="status"><b>Setting up your table&hellip;</b>
<p>A table of its own is being set up for you; when many players arrive at once this can take
a little while.</p></div>
<script>
  // the next page's first byte can take a few seconds when many players arrive at once:
  // say at once that the table is on its way (and hide it again on coming back)
  const going = document.getElementById('sk-going');
  document.querySelectorAll('.sk-game a').forEach(link =>
    link.addEventListener('click', () => { going.style.display = 'flex'; }));
  addEventListener('pageshow', () => { going.style.display = 'none'; });
</script>"""


def playable(folder: Path) -> list[GameEntry]:
    """The games of the catalogue whose dashboard exists in ``folder``."""
    return [g for g in GAMES.values() if (Path(folder) / g.dashboard).is_file()]


def catalogue_html(folder: Path | str = ".", prefix: str = "") -> str:
    """The list of games as HTML: a Play link (to ``prefix`` + the dashboard) for each
    game with a dashboard in ``folder``, "coming" for the rest."""
    ready = set(playable(Path(folder)))
    cards = []
    for game in GAMES.values():
        action = (f"<a href='{html.escape(prefix + game.dashboard)}'>Play {html.escape(game.title)}</a>"
                  if game in ready else "<span class='sk-soon'>coming in a later chapter</span>")
        cards.append(f"<div class='sk-game'><h3>{html.escape(game.title)}</h3><small>{game.players_words}</small>"
                     f"<p>{html.escape(game.blurb)}</p>{action}</div>")
    return "<div class='sk-landing'>" + "".join(cards) + "</div>"


def landing_document(folder: Path | str, prefix: str, book: str = "book/") -> str:
    """The whole landing page the app serves at its root: the games of ``folder``,
    linked at ``prefix`` (where the app renders its dashboards), and the book, at ``book``."""
    return PAGE.format(style=STYLE, intro=html.escape(INTRO), catalogue=catalogue_html(folder, prefix), going=GOING,
                       book=html.escape(book))


def landing_page(folder: Path | str = "."):
    """The list of games as a widget, for a notebook (links relative to ``folder``)."""
    import ipywidgets as w  # only here: the launcher serves the page without widgets

    page = w.HTML(STYLE + catalogue_html(folder))
    page.add_class("sk-landing-page")
    return page
