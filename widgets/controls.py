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


def refuse_bad_state(widget: w.Widget, session) -> None:
    """Make ``widget`` answer a value it cannot take (a menu choice it does not offer, a
    number of the wrong kind), sent by a page that can send anything, with a sentence in
    the session's message; the widget keeps its value and the page is put back in step.

    ipywidgets itself refuses such a value (a TraitError, and traitlets roll back the
    whole update), but only in the server's log: the page went on showing the value it
    sent, as if it had been taken."""
    if getattr(widget, "_sk_refuses_bad_state", False):
        return
    taken = widget.set_state

    def set_state(sync_data):
        try:
            taken(sync_data)
        except Exception:
            log.warning("The page sent %s a state it cannot take", type(widget).__name__, exc_info=True)
            names = [name for name in sync_data if name in widget.keys] if isinstance(sync_data, dict) else None
            try:
                widget.send_state(names or None)  # the page shows the value kept again
            except Exception:
                log.exception("Could not put the page back in step")
            label = str(getattr(widget, "description", "") or "")
            label = label if len(label) <= 40 else label[:39] + "\u2026"
            what = f"the \u201c{label}\u201d control" if label else "the table"
            session.message = f"The page sent {what} a value it does not take; nothing changed."
            try:
                session.notify()
            except Exception:
                log.exception("A table could not draw the refusal")

    widget.set_state = set_state
    widget._sk_refuses_bad_state = True


def action_button(text: str, handler, css: str, style: str = "", width: str = "auto", session=None) -> w.Button:
    """A button that makes no move (a setting, a save, pointing at a card), with the CSS
    class ``sk-<css>`` (tests and styles find it by that class); its click is
    :func:`guarded` (the table it sits in tells its session). Its ``moves`` is ``None``:
    the tables' tests click it and check that no move was made."""
    button = w.Button(description=text, button_style=style, layout=w.Layout(width=width))
    button.add_class(f"sk-{css}")
    button.guard = guarded(handler, session)
    button.on_click(button.guard)
    button.moves = None
    return button


def close(widget: w.Widget) -> None:
    """Close ``widget`` with what it alone holds (its children, its layout, its style),
    when a redraw has replaced it: the page and the kernel let go of them (a widget
    replaced but left open stays in both for as long as the page lives)."""
    for part in (*getattr(widget, "children", ()), getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, w.Widget):
            close(part)
    widget.close()


def move_button(text: str, handler, css: str, style: str = "", width: str = "auto") -> w.Button:
    """A button that leads to moves of the engine's list: the table :func:`offer` s it
    the legal moves it leads to at every redraw, and ``handler(button)`` is called on a
    click (to play ``button.moves[0]``, or, for a choice made in steps, to narrow it)."""
    button = action_button(text, lambda _: handler(button), css, style=style, width=width)
    offer(button, ())
    return button


def offer(button: w.Button, moves, hide: bool = False) -> None:
    """Give a :func:`move_button` the legal moves it leads to now (taken from the engine's
    ``legal_moves``): it is enabled exactly when it leads to one (and, with ``hide``, shown
    only then)."""
    button.moves = tuple(moves)
    button.disabled = not button.moves
    if hide:
        shown(button, bool(button.moves))


def changed(widget: w.Widget, **traits) -> None:
    """Set the ``traits`` of ``widget`` that differ from what it holds: a redraw sends the
    page (and pays traitlets for) only what changed."""
    for name, value in traits.items():
        if getattr(widget, name) != value:
            setattr(widget, name, value)


def shown(widget: w.Widget, visible: bool) -> None:
    """Show or hide ``widget`` (only when that changes)."""
    display = None if visible else "none"
    if widget.layout.display != display:
        widget.layout.display = display


def marked(widget: w.Widget, css: str, on: bool) -> None:
    """Give ``widget`` the CSS class ``css`` or take it away (only when that changes)."""
    if (css in widget._dom_classes) != on:
        (widget.add_class if on else widget.remove_class)(css)


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
    box.add_class("sk-save-box")  # the page checks a pasted save's size before sending it (the app's template)
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
