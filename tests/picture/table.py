"""Rigged tables for Picture Perfect's tests: a dealt table with the fields a test names
replaced -- who holds which envelope, what is inside, the mats, the round and its card --
and the preference deck rebuilt so the 58 cards are always all there."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from sherlockkit.games.picture import phases, rules
from sherlockkit.games.picture.cards import PREFERENCES, Wish
from sherlockkit.games.picture.events import Dealt, Read
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.mat import Space, space_named
from sherlockkit.games.picture.state import ARRANGING, Envelope, Ready, State, with_mat

W = Wish


def S(name: str) -> Space:
    """A space by name: ``S("2B")``."""
    return space_named(name)


def placed(pairs: dict[str, str]) -> dict[str, Space]:
    """A mat from guest -> space name: ``placed({"Tom": "2B"})``."""
    return {g: space_named(s) for g, s in pairs.items()}


def rig(players: int = 2, *, seed: int = 7, notes: bool = False, holders: dict[str, int] | None = None,
        contents: dict[str, tuple[Wish, ...]] | None = None, vip: set[str] = frozenset(),
        mats: dict[int, dict[str, str]] | None = None, cameras: dict[int, tuple[int, int]] | None = None,
        vips: tuple[bool, ...] | None = None, round: int = 1, exchange: str | None = None,
        begin: bool = False, ready: frozenset[int] = frozenset()) -> State:
    """The table dealt from ``seed`` with these changes: ``holders`` (guest -> seat; every
    guest not named lies in the middle when ``holders`` is given), ``contents`` (guest ->
    cards), ``vip`` (envelopes holding a VIP card), ``mats`` (seat -> {guest: space name}),
    ``cameras``, ``vips`` (who still has their VIP card), the ``round`` and its ``exchange``
    card. The table is in the arranging step, unless ``begin``: then the round begins
    (its exchange card turned up and played out as the engine does)."""
    state = rules.new(seed, players=players, notes=notes)
    envelopes = _refill(list(state.envelopes), contents or {})
    envelopes = [replace(e, vip=e.guest in vip) for e in envelopes]
    deck = tuple((Counter(PREFERENCES) - Counter(c for e in envelopes for c in e.cards)).elements())
    hold = state.holders if holders is None else tuple(holders.get(g) for g in NAMES)
    exchanges = list(state.exchanges)
    if exchange is not None:
        exchanges[round - 1] = exchange
    state = replace(
        state, envelopes=tuple(envelopes), deck=deck, holders=hold, round=round, exchanges=tuple(exchanges),
        mats=tuple(with_mat(placed((mats or {}).get(p, {}))) for p in range(players)),
        cameras=tuple((cameras or {}).get(p, state.cameras[p]) for p in range(players)),
        vips=vips if vips is not None else state.vips, phase=ARRANGING, turns=(), pending=None,
        taken=frozenset(), ready=frozenset(ready), chosen=(None,) * players,
    )
    # holding is reading: the rigged hands are read, as if dealt so
    reads = tuple(Read(h, e.guest, e.cards, e.vip) for e, h in zip(state.envelopes, hold) if h is not None)
    dealt = Dealt(players, notes, tuple((g, h) for g, h in zip(NAMES, hold) if h is not None))
    state = replace(state, events=(dealt,) + reads)
    assert_accounted(state)
    return phases.begin_round(state, round) if begin else state


def _refill(envelopes: list[Envelope], contents: dict[str, tuple[Wish, ...]]) -> list[Envelope]:
    """The envelopes with ``contents`` put in, and any card they took from another envelope
    replaced there by one of the deck's (one that fits that envelope)."""
    left = Counter(PREFERENCES)
    for guest, cards in contents.items():
        left.subtract(cards)
    assert all(n >= 0 for n in left.values()), "a rigged envelope holds a card the deck does not have"
    out = []
    for e in envelopes:
        if e.guest in contents:
            out.append(Envelope(e.guest, tuple(contents[e.guest])))
            continue
        keep = []
        for c in e.cards:
            if left[c] > 0:
                keep.append(c)
                left[c] -= 1
        while len(keep) < 3:
            c = next(c for c in left.elements() if not c.names(e.guest) and c not in keep)
            keep.append(c)
            left[c] -= 1
        out.append(Envelope(e.guest, tuple(keep)))
    return out


def assert_accounted(state: State) -> None:
    """Every preference card is in exactly one place (an envelope or the deck), every
    envelope held by one seat or lying in the middle."""
    everywhere = Counter(c for e in state.envelopes for c in e.cards) + Counter(state.deck)
    assert everywhere == Counter(PREFERENCES)
    assert [e.guest for e in state.envelopes] == list(NAMES)
    assert all(h is None or 0 <= h < state.players for h in state.holders)
    assert all(len(e.cards) == 3 for e in state.envelopes)


def all_ready(state: State) -> State:
    """Everyone who is not Ready yet says Ready."""
    for p in range(state.players):
        if p not in state.ready:
            state = rules.play(state, Ready(p))
    return state
