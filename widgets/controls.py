"""Controls every game's table shares: buttons, the seed box, saves and replays."""

from __future__ import annotations

import ipywidgets as w

#: A seed box that holds something other than a whole number.
BAD_SEED = object()


def action_button(text: str, handler, css: str, style: str = "", width: str = "auto") -> w.Button:
    """A button with the CSS class ``sk-<css>`` (tests and styles find it by that class)."""
    button = w.Button(description=text, button_style=style, layout=w.Layout(width=width))
    button.add_class(f"sk-{css}")
    button.on_click(handler)
    return button


def read_seed(session, text: str):
    """The seed typed in a box: a number, ``None`` for a random one, or :data:`BAD_SEED`
    (after telling the player why in the session's message)."""
    text = text.strip()
    if not text:
        return None
    if text.isdigit():
        return int(text)
    session.message = f"A seed is a whole number, like 1234; {text!r} is not one."
    session.notify()
    return BAD_SEED


def save_controls(session, what: str, replay_seconds: float) -> tuple[w.Textarea, list[w.Button]]:
    """The save box, and the Replay, Save and Load buttons of a game ``what`` ("game")."""
    box = w.Textarea(placeholder=f"a saved {what} appears here; paste one to load it",
                     layout=w.Layout(width="100%", height="75px"))
    buttons = [
        action_button(f"Replay this {what}", lambda _: session.replay(replay_seconds), "replay"),
        action_button("Save", lambda _: setattr(box, "value", session.save()), "save"),
        action_button("Load", lambda _: session.load(box.value), "load"),
    ]
    return box, buttons


def settings_panel(rows: list, what: str) -> w.Accordion:
    """The folded panel under a table: ``rows`` of settings, then what ``save_controls``
    gave; titled "<What> settings, saves and replays"."""
    accordion = w.Accordion(children=[w.VBox(rows)], titles=(f"{what.capitalize()} settings, saves and replays",))
    accordion.selected_index = None
    return accordion
