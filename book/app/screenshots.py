"""Pictures of each game of the app in play, taken from the running app (issue 28).

    .venv/bin/python book/app/screenshots.py [--out DIR] [--games story,express,...]

Starts the real app (``serve.py`` on a free port of 127.0.0.1), opens each game's
dashboard in headless Chromium (Debian's, through Playwright), plays a few moves by
clicks as a player would, so that the picture shows a game under way and not its empty
start, and saves the table at a phone's width and a desktop's as
``<out>/<game>-375.jpg`` and ``<out>/<game>-1280.jpg`` (JPEG; by default ``book/images``,
which the book's page "What you will play" and the README show). ``make screenshots``
runs it.

Everything waits on what the page shows (a selector, a change of the log), never on a
fixed time; the browser talks only to the app on 127.0.0.1 (any other request is
refused); the server is stopped at the end, its whole process group, even after an
error. Nothing the page keeps hidden is printed: only the pictures' paths and sizes.

The functions are importable (``tests/test_screenshots.py`` takes one picture with the
tests' own app and browser): :func:`take` for one picture, :func:`shots` for one game at
several widths, :func:`running_app` and :func:`chromium` for the server and the browser.
"""

from __future__ import annotations

import argparse
import contextlib
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project's root: its tests' tools
from sherlockkit.games import GAMES as REGISTRY  # noqa: E402
from sherlockkit.games.cardgame.state import TARGETED  # noqa: E402  (the cards that name a player)
from tests.app_process import CHROMIUM_ARGS, STARTUP_SECONDS, find_chromium, running_app  # noqa: E402
from tests.layout import WATCH_THE_PROMPT, click_if_enabled  # noqa: E402

APP_DIR = Path(__file__).resolve().parent
ROOT = APP_DIR.parent.parent
SERVE = APP_DIR / "serve.py"
OUT = ROOT / "book" / "images"

#: the games of the app (the registry's order: the book's page shows them so)
GAMES = tuple(REGISTRY)
#: a phone's width and a desktop's, in CSS pixels
WIDTHS = (375, 1280)
#: the screen's height while playing (the picture is as tall as the table, up to TALLEST)
HEIGHT = 800
#: the tallest picture at each width, in px: a phone's table runs long, and its first two
#: screens show it (a taller table is cut between two lines, never through one)
TALLEST = {375: 1600, 1280: 1800}
#: JPEG quality, lowered step by step while a picture weighs more than MAX_BYTES
QUALITIES = (70, 60, 50, 40)
MAX_BYTES = 250_000
#: the longest a page may take to show what a click changed (ms)
PATIENCE = 60_000
#: the host names of this machine (urlsplit writes [::1] as ::1)
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}


# ------------------------------------------------------------------ the app and Chromium


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """A headless Chromium (Debian's, never a downloaded one), closed on the way out."""
    executable = find_chromium()
    if executable is None:
        raise RuntimeError("Chromium not found (install it with: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def _local_only(route) -> None:
    """Let a request through only to the app on this machine."""
    if (urlsplit(route.request.url).hostname or "") in LOCAL_HOSTS or route.request.url.startswith("data:"):
        route.continue_()
    else:
        route.abort()


def open_game(browser, base_url: str, game: str, width: int = WIDTHS[-1]):
    """A new page ``width`` wide showing ``game``'s dashboard, once its table is drawn.
    Close it with ``page.context.close()``."""
    if urlsplit(base_url).hostname not in LOCAL_HOSTS:
        raise ValueError(f"not the app on this machine: {base_url}")
    context = browser.new_context(viewport={"width": width, "height": HEIGHT})
    context.set_default_navigation_timeout(STARTUP_SECONDS * 1000)
    context.set_default_timeout(PATIENCE)
    context.route("**/*", _local_only)
    page = context.new_page()
    try:
        page.goto(base_url + f"voila/render/{game}.ipynb")
        page.wait_for_selector(TABLE_READY[game], timeout=STARTUP_SECONDS * 1000)
    except BaseException:
        context.close()
        raise
    return page


# ------------------------------------------------------------------------- playing

def _text(page, selector: str) -> str:
    part = page.locator(selector).first
    return part.inner_text() if part.count() else ""


def _wait_for_change(page, selector: str, before: str) -> None:
    """Wait until the text of ``selector`` is no longer ``before``."""
    page.wait_for_function("([s, before]) => { const e = document.querySelector(s);"
                           " return e !== null && e.innerText !== before; }", arg=[selector, before])


# Sherlock Express: turn up your alibi on your turn, slap the suspect the table proves
EXPRESS = ".sk-express"
EXPRESS_ALIBIS = f"{EXPRESS} .sk-alibis-now svg.sk-alibi"
_SUSPECT = re.compile(r"the (\w+) with a (.+) in the (.+)")


def _express_proven(page) -> str | None:
    """The slap the table proves (a selector), read off the page like a player, or None."""
    labels = page.locator(f"{EXPRESS} .sk-suspects svg.sk-suspect").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    suspects = [set(m.groups()) if (m := _SUSPECT.match(label.replace(" (cleared)", ""))) else set()
                for label in labels]
    alibis = set(page.locator(EXPRESS_ALIBIS).evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label').replace('alibi: ', ''))"))
    left = [k for k, traits in enumerate(suspects) if not traits & alibis]
    if len(left) == 1:
        return f"{EXPRESS} .sk-slap-{left[0] + 1}"
    return f"{EXPRESS} .sk-slap-deck" if not left else None


def play_express(page) -> None:
    """Your alibi turned up a few times (and any suspect the alibis prove slapped), until
    three alibis lie face up."""
    shown = (f"() => [...document.querySelectorAll('{EXPRESS} .sk-log .sk-line, {EXPRESS} .sk-message')]"
             ".map(e => e.innerText).join('|')")
    reveal = f"{EXPRESS} .sk-reveal"
    clicks = 0
    while clicks < 3 or page.locator(EXPRESS_ALIBIS).count() < 3:
        if clicks > 12:
            return
        slap = _express_proven(page)
        target = slap if slap and page.locator(slap).is_enabled() else reveal
        if page.locator(target).is_enabled():
            before = page.evaluate(shown)
            page.locator(target).click()
            page.wait_for_function(f"before => ({shown})() !== before", arg=before)
            clicks += 1
        else:  # a bot's turn: wait for an alibi to turn up, or for yours
            page.wait_for_function(
                f"n => document.querySelectorAll('{EXPRESS_ALIBIS}').length !== n"
                f" || !document.querySelector('{reveal}').disabled", arg=page.locator(EXPRESS_ALIBIS).count())


# The Detective Story Game: a patient player's clicks (keep the roll, wait, fight on)
STORY = ".sk-story"
_STORY_PREFERRED = (".sk-opt-keep", ".sk-opt-wait", ".sk-opt-fight_on", ".sk-opt-deduction")


def play_story(page) -> None:
    """Options clicked until some dice have rolled and the case asks for a choice again."""
    steps = 0
    while steps < 4 or not page.locator(f"{STORY} .sk-die").count():
        if steps > 15 or page.locator(f"{STORY} .sk-ending").is_visible():
            break
        before = _text(page, f"{STORY} .sk-log")
        target = next((f"{STORY} {s}" for s in _STORY_PREFERRED if page.locator(f"{STORY} {s}").count()),
                      f"{STORY} .sk-option")
        page.locator(target).first.click()
        _wait_for_change(page, f"{STORY} .sk-log", before)
        steps += 1
    page.wait_for_selector(f"{STORY} .sk-option")


# The Sherlock Holmes Card Game: the first card lit up (and the first player offered)
CARDGAME = ".sk-cardgame"


def _cardgame_your_turn_or_end(page) -> bool:
    page.wait_for_function(
        f"() => document.querySelector('{CARDGAME} .sk-prompt:not(.sk-waiting)') !== null"
        f" || (document.querySelector('{CARDGAME} .sk-ending') || {{}}).offsetParent")
    return not page.locator(f"{CARDGAME} .sk-ending").is_visible()


def play_cardgame(page) -> None:
    """Three moves of yours: a button of the moment (Villains, take, keep, draw) or the
    first card the page lights up, and the first player it offers for a card that names
    one."""
    made = 0
    while made < 3 and _cardgame_your_turn_or_end(page):
        before = _text(page, f"{CARDGAME} .sk-log") + _text(page, f"{CARDGAME} .sk-message")
        for button in (".sk-villains", ".sk-take", ".sk-keep", ".sk-draw"):
            if page.locator(f"{CARDGAME} {button}").is_visible():
                page.locator(f"{CARDGAME} {button}").click()
                break
        else:
            legal = page.locator(f"{CARDGAME} .sk-hand-card.sk-legal")
            if not legal.count():  # the prompt is on its way out
                page.wait_for_function(f"() => document.querySelector('{CARDGAME} .sk-hand-card.sk-legal')"
                                       f" || document.querySelector('{CARDGAME} .sk-prompt.sk-waiting')"
                                       f" || document.querySelector('{CARDGAME} .sk-villains, {CARDGAME} .sk-take,"
                                       f" {CARDGAME} .sk-keep, {CARDGAME} .sk-draw')?.offsetParent")
                continue
            card = legal.first.inner_text().strip()
            legal.first.click()
            if card in TARGETED:  # the page asks whom
                page.locator(f"{CARDGAME} .sk-target:visible").first.click()
        page.wait_for_function(
            f"before => [document.querySelector('{CARDGAME} .sk-log'), document.querySelector('{CARDGAME} .sk-message')]"
            ".map(e => e ? e.innerText : '').join('') !== before", arg=before)
        made += 1


# Beyond Baker Street: an Eliminate, an Investigate, then a card pointed at (its odds shown)
BAKERSTREET = ".sk-bakerstreet"


def _baker_your_turn(page) -> bool:
    page.wait_for_function(
        "root => document.querySelector(root + ' .sk-prompt').innerText.includes('Your turn')"
        " || document.querySelector(root + ' .sk-ending').offsetParent !== null", arg=BAKERSTREET)
    return not page.locator(f"{BAKERSTREET} .sk-ending").is_visible()


def _baker_move(page, selector: str) -> None:
    log = _text(page, f"{BAKERSTREET} .sk-log")
    page.evaluate(WATCH_THE_PROMPT, BAKERSTREET)
    page.locator(selector).first.click()
    page.wait_for_function(
        "([root, log]) => document.querySelector(root + ' .sk-log').innerText !== log"
        " && (window.skTurnWentBy || document.querySelector(root + ' .sk-ending').offsetParent !== null)",
        arg=[BAKERSTREET, log])


def _baker_point(page, slot: int) -> None:
    page.locator(f"{BAKERSTREET} .sk-card-0-{slot}").click()
    page.locator(f"{BAKERSTREET} .sk-odds").wait_for(state="visible")


def play_bakerstreet(page) -> None:
    """Eliminate your first card, Investigate with your second, then point at a card: the
    picture shows its odds."""
    if not _baker_your_turn(page):
        return
    _baker_point(page, 0)
    _baker_move(page, f"{BAKERSTREET} .sk-eliminate")
    if not _baker_your_turn(page):
        return
    _baker_point(page, 1)
    _baker_move(page, f"{BAKERSTREET} [class*='sk-investigate-']:visible")
    if _baker_your_turn(page):
        _baker_point(page, 0)


# Picture Perfect: the round's exchange, then Watson, Holmes (a Sherlock party) and guests placed
PICTURE = ".sk-picture"
#: the spaces tried first: the middle of the mat, where a photo shows them best
_MIDDLE = ("2B", "2C", "3B", "3C", "1B", "1C", "2A", "2D")
#: the exchange's buttons and the guests' (one of them enabled: the page waits for you)
_PICTURE_YOURS = (f"() => [...document.querySelectorAll('{PICTURE} .sk-exchange, {PICTURE} .sk-guest')]"
                  ".some(b => b.offsetParent !== null && !b.disabled)")


def _picture_place(page, guest: str, attempts: int = 8) -> None:
    """Pick ``guest`` in the list and put them on the first free space of :data:`_MIDDLE`
    (else the first the mat offers), until the mat shows them there: a pick the page drops
    while it redraws (a bot's move came in between) is made again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    exactly = re.compile(rf"^\s*{re.escape(guest)}\s*$")
    picked = page.locator(f"{PICTURE} .sk-guest.sk-picked", has_text=exactly)
    placed = ("([root, guest]) => [...document.querySelectorAll(root + ' [class*=sk-space-]')]"
              ".some(s => s.innerText.includes(guest))")
    for attempt in range(attempts):
        try:
            if not picked.count():
                page.locator(f"{PICTURE} .sk-guest:visible:enabled", has_text=exactly).first.click(timeout=5_000)
                picked.wait_for(timeout=5_000)  # the mat offers its spaces for the guest picked up
            spaces = [f"{PICTURE} .sk-space-{s}:enabled" for s in _MIDDLE]
            space = next((s for s in spaces if page.locator(s).count()),
                         f"{PICTURE} [class*='sk-space-']:visible:enabled")
            page.locator(space).first.click(timeout=5_000)
            page.wait_for_function(placed, arg=[PICTURE, guest], timeout=5_000)
            return
        except PlaywrightTimeout:
            if attempt == attempts - 1:
                raise


def play_picture(page) -> None:
    """The round's exchange by its buttons (however many it takes), then three figures
    placed on the mat: Watson and Holmes when the party has them, and guests of the list
    (the photo follows)."""
    log = f"{PICTURE} .sk-log"
    for _ in range(6):
        page.wait_for_function(_PICTURE_YOURS)
        before = _text(page, log)
        if not click_if_enabled(page, f"{PICTURE} .sk-exchange"):
            break
        _wait_for_change(page, log, before)
    page.wait_for_selector(f"{PICTURE} .sk-guest:enabled")
    names = [name.strip() for name in page.locator(f"{PICTURE} .sk-guest:visible:enabled").all_inner_texts()]
    wanted = [n for n in ("Watson", "Holmes") if n in names]
    wanted += [n for n in names if n not in wanted][: 3 - len(wanted)]
    for name in wanted:
        _picture_place(page, name)


#: what says a game's table is drawn, and how a few of its moves are played
TABLE_READY = {
    "express": f"{EXPRESS} .sk-reveal",
    "story": f"{STORY} .sk-option",
    "cardgame": f"{CARDGAME} .sk-hand-card",
    "bakerstreet": f"{BAKERSTREET} .sk-slot",
    "picture": f"{PICTURE} .sk-guest",
}
PLAY: dict[str, Callable] = {
    "express": play_express,
    "story": play_story,
    "cardgame": play_cardgame,
    "bakerstreet": play_bakerstreet,
    "picture": play_picture,
}


# ------------------------------------------------------------------------ pictures

#: true once the page has drawn two frames at its settled width, with its fonts and
#: without a running animation (a card caught halfway through its slide)
_SETTLED = """async width => {
  if (document.documentElement.clientWidth !== width) return false;
  await document.fonts.ready;
  for (const animation of document.getAnimations()) {
    try { animation.finish(); } catch (e) { animation.cancel(); }
  }
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  return true;
}"""


#: the top of the table and where its picture ends: its bottom, or, for a table taller than
#: ``tallest``, the lowest line above that height that cuts no text or picture in two
_CUT = """([root, tallest]) => {
  const box = document.querySelector(root).getBoundingClientRect();
  const limit = box.top + tallest;
  if (box.bottom <= limit) return [box.top, box.bottom + 8];
  const leaves = [...document.querySelectorAll(root + ' *')]
    .filter(e => e.tagName === 'svg' || (e.childElementCount === 0 && !e.closest('svg')))
    .map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0);
  const cuts = leaves.map(r => r.bottom).filter(y => y <= limit).sort((a, b) => b - a);
  for (const y of cuts) {
    if (leaves.some(r => r.top < y - 1 && r.bottom > y + 1)) continue;
    const next = Math.min(...leaves.map(r => r.top).filter(t => t >= y - 1), y + 8);
    return [box.top, Math.max(y, Math.min(y + 8, next - 1))];
  }
  return [box.top, limit];
}"""


def _settle(page, width: int) -> None:
    page.wait_for_function(_SETTLED, arg=width)


def shoot(page, game: str, width: int, path: Path | str) -> Path:
    """A JPEG of ``game``'s table as the page shows it now, ``width`` px wide: the screen
    made as tall as the table (Voilà's page scrolls inside a box a full-page picture would
    not unroll), at most :data:`TALLEST`; the screen's size is put back afterwards."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    root = f".sk-{game}"
    size = page.viewport_size
    tallest = TALLEST.get(width, max(TALLEST.values()))
    try:
        page.set_viewport_size({"width": width, "height": tallest + 200})
        _settle(page, width)
        page.evaluate("root => document.querySelector(root).scrollIntoView({block: 'start'})", root)
        _settle(page, width)
        top, bottom = page.evaluate(_CUT, [root, tallest])
        clip = {"x": 0, "y": max(0, top - 8), "width": width, "height": bottom - max(0, top - 8)}
        for quality in QUALITIES:
            page.screenshot(path=str(path), type="jpeg", quality=quality, clip=clip, animations="disabled")
            if path.stat().st_size <= MAX_BYTES:
                break
    finally:
        page.set_viewport_size(size)
    return path


def shots(browser, base_url: str, game: str, paths: dict[int, Path | str]) -> list[Path]:
    """One visit of ``game``: a few moves played by clicks, then a picture at each width of
    ``paths`` (width -> file)."""
    widths = list(paths)
    page = open_game(browser, base_url, game, widths[-1] if len(widths) > 1 else widths[0])
    try:
        PLAY[game](page)
        return [shoot(page, game, width, paths[width]) for width in widths]
    finally:
        page.context.close()


def take(browser, base_url: str, game: str, width: int, path: Path | str) -> Path:
    """One picture of ``game`` in play, ``width`` px wide, saved as ``path`` (JPEG)."""
    return shots(browser, base_url, game, {width: path})[0]


def file_name(game: str, width: int) -> str:
    return f"{game}-{width}.jpg"


# ---------------------------------------------------------------------------- main

def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder of the pictures (default {OUT.relative_to(ROOT)})")
    parser.add_argument("--games", default=",".join(GAMES),
                        help=f"the games, separated by commas (default: {','.join(GAMES)})")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in PLAY]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)} (the games: {', '.join(GAMES)})")
    with running_app() as base_url, chromium() as browser:
        for game in games:
            started = time.monotonic()
            taken = shots(browser, base_url, game, {w: args.out / file_name(game, w) for w in WIDTHS})
            for path in taken:
                shown = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else path
                print(f"{shown}: {path.stat().st_size // 1000} KB", flush=True)
            print(f"{game}: {time.monotonic() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
