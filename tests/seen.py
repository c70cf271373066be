"""What a table sends to the page, for the tests that search it for hidden cards: every
widget under a table, their states as the wire carries them, and every websocket frame a
real page receives. Shared by the games' page and browser tests."""

from __future__ import annotations

import json


def widgets_under(widget) -> list:
    """``widget`` and every widget inside it (children, and a widget's style and layout)."""
    out, stack = [], [widget]
    while stack:
        here = stack.pop()
        out.append(here)
        for name in ("children", "layout", "style"):
            inner = getattr(here, name, None)
            if isinstance(inner, (list, tuple)):
                stack.extend(inner)
            elif inner is not None and hasattr(inner, "get_state"):
                stack.append(inner)
    return out


def wire_text(widget) -> str:
    """Every widget state under ``widget`` as the wire would carry it (JSON, other than ASCII
    escaped as ``\\u2019``, tooltips too)."""
    return "\n".join(json.dumps(w.get_state(), default=str) for w in widgets_under(widget))


def record_frames(page) -> list[str]:
    """Every websocket frame the page receives from now on, as text, in order."""
    frames: list[str] = []

    def on_socket(ws):
        def got(payload):
            frames.append(payload.decode("utf-8", "ignore") if isinstance(payload, (bytes, bytearray)) else payload)

        ws.on("framereceived", got)

    page.on("websocket", on_socket)
    return frames
