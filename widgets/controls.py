"""Controls every game's table shares: buttons, the seed box, saves and replays."""

from __future__ import annotations

import functools
import logging

import ipywidgets as w

from sherlockkit.engine import MAX_SEED_DIGITS, IllegalAction, shortened

#: A seed box that holds something other than a whole number.
BAD_SEED = object()

log = logging.getLogger("sherlockkit")

#: What the page is told when a handler fails for a reason that is not the player's.
SOMETHING_WRONG = "That could not be done (the server's log says why); the game is as it was."


def guarded(handler, session=None):
    """``handler`` (of a click or of a widget's new value) made safe for a page that can
    send anything: an exception becomes a sentence in the session's message and a line
    in the server's log, never a traceback. ``session`` may be set later
    (``wrapper.session``); a table sets it for the buttons it holds."""

    @functools.wraps(handler)
    def wrapper(*args, **kwargs):
        try:
            return handler(*args, **kwargs)
        except Exception as error:
            log.exception("A handler of the page failed")
            told = wrapper.session
            if told is None:
                return None
            if isinstance(error, (ValueError, IllegalAction)) and str(error):
                text = str(error)  # the engine's and the checks' refusals are sentences
                told.message = text if len(text) <= 300 else text[:297] + "..."
            else:
                told.message = SOMETHING_WRONG
            try:
                told.notify()
            except Exception:  # a table that cannot draw: the log has it, the page keeps what it shows
                log.exception("A table could not draw the refusal")
            return None

    wrapper.session = session
    return wrapper


def action_button(text: str, handler, css: str, style: str = "", width: str = "auto", session=None) -> w.Button:
    """A button with the CSS class ``sk-<css>`` (tests and styles find it by that class);
    its click is :func:`guarded` (the table it sits in tells its session)."""
    button = w.Button(description=text, button_style=style, layout=w.Layout(width=width))
    button.add_class(f"sk-{css}")
    button.guard = guarded(handler, session)
    button.on_click(button.guard)
    return button


def read_seed(session, text: str):
    """The seed typed in a box: a number, ``None`` for a random one, or :data:`BAD_SEED`
    (after telling the player why in the session's message)."""
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        return None
    if text.isdigit() and text.isascii() and len(text) <= MAX_SEED_DIGITS:
        return int(text)
    if text.isdigit() and text.isascii():
        session.message = f"A seed has at most {MAX_SEED_DIGITS} digits; this one has {len(text):,}."
    else:
        session.message = f"A seed is a whole number, like 1234; {shortened(text)} is not one."
    session.notify()
    return BAD_SEED


def save_controls(session, what: str, replay_seconds: float) -> tuple[w.Textarea, list[w.Button]]:
    """The save box, and the Replay, Save and Load buttons of a game ``what`` ("game")."""
    box = w.Textarea(placeholder=f"a saved {what} appears here; paste one to load it",
                     layout=w.Layout(width="100%", height="75px"))
    buttons = [
        action_button(f"Replay this {what}", lambda _: session.replay(replay_seconds), "replay", session=session),
        action_button("Save", lambda _: setattr(box, "value", session.save()), "save", session=session),
        action_button("Load", lambda _: session.load(box.value), "load", session=session),
    ]
    return box, buttons


def settings_panel(rows: list, what: str) -> w.Accordion:
    """The folded panel under a table: ``rows`` of settings, then what ``save_controls``
    gave; titled "<What> settings, saves and replays"."""
    accordion = w.Accordion(children=[w.VBox(rows)], titles=(f"{what.capitalize()} settings, saves and replays",))
    accordion.selected_index = None
    return accordion
