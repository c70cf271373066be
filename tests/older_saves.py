"""Saves as an older sherlockkit wrote them (save version 2), for the tests that check they
still load and replay as they were played."""

from __future__ import annotations

import json

from sherlockkit import engine
from sherlockkit.engine import sealing


def older_save(rules, seed: int, options: dict, moves, sealed: bool, version: int = 2) -> str:
    """A save of ``rules``'s game at save ``version``, sealed or open, with this server's key."""
    body = {"format": engine.SAVE_FORMAT, "version": version, "game": rules.NAME, "seed": seed, "options": options,
            "actions": [engine.action_to_json(m) for m in moves]}
    if sealed:
        head = {"format": engine.SAVE_FORMAT, "version": version, "game": rules.NAME}
        # the label spelt out as version 2 wrote it, not asked of engine._label: a label
        # that lost its version would then fail here instead of agreeing with itself
        label = f"{engine.SAVE_FORMAT}/{version}/{rules.NAME}".encode()
        return json.dumps({**head, "sealed": sealing.seal(body, label)})
    return json.dumps({**body, "digest": sealing.mac(body)})
