"""A game in progress behind a widget: the engine state, its history, saves and replays.

Every game's controller builds on :class:`GameSession`. A click becomes an action; the
session asks the engine to play it; a refusal becomes a sentence in ``message`` and
changes nothing. Views subscribe with ``on_change`` and re-render from the session.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from sherlockkit import engine
from sherlockkit.engine import CorruptSave, IllegalAction, action_to_json, journal, shortened
from widgets.clock import AsyncioClock, Clock, bot_pace
from widgets.kernel_log import keep_off_the_page


#: Seconds a bot seems to think before a move, unless its game's session says otherwise.
BOT_PAUSE = 0.7

log = logging.getLogger("sherlockkit")
keep_off_the_page()  # a table's kernel: errors to the server's log file, never to the page

#: What the session holds of a game: a start or a load that fails puts all of it back.
_HELD = ("seed", "seed_drawn", "options", "state", "actions", "written", "bots", "replaying", "message", "level")


class GameSession:
    """One game of ``rules`` (a module following ``sherlockkit.engine``), played from
    ``seat`` (you; seat 0), with ``bots`` (seat -> bot, the ``engine.Bot`` contract) in
    the other seats. Bots choose moves; when they make them is this class's business
    (:meth:`bot_delay`)."""

    seat = 0
    #: Whether the server's bot pace (:func:`bot_pace`) applies to this table's bots: not
    #: where their timing is the game itself (Sherlock Express's reaction times).
    paced = True
    #: Options a game of this table may go without (the others every save must carry).
    optional_options: frozenset = frozenset()

    def __init__(self, rules, options: dict, seed: int | None = None, clock: Clock | None = None):
        self.rules = rules
        self.bots: dict = {}
        self.clock = clock or AsyncioClock()
        self.message = ""
        self.replaying = False
        self._listeners: list[Callable[[], None]] = []
        self._timer = None
        self.start(seed, options)

    # --- lifecycle ------------------------------------------------------------------

    def start(self, seed: int | None, options: dict) -> None:
        """Deal a new game (a seed nobody can guess when ``seed`` is None, kept hidden until
        the game ends). Options the rules refuse raise ``ValueError`` with a sentence and
        leave the game as it was."""
        held = self.hold()
        try:
            self.seed = engine.draw_seed() if seed is None else engine.check_seed(seed)
            self.seed_drawn = seed is None
            self.options = dict(options)
            self.state = self.rules.new(self.seed, **self.options)
            self.prepare()
        except Exception:
            self.restore(held)
            raise
        self.cancel_timer()
        self.actions: list = []
        self.written: list = []  # the moves as JSON, for the journal
        self.replaying = False
        self.message = ""
        if self.seed_drawn:
            journal.clear_old()
        self.after_change()

    def hold(self) -> dict:
        """What the session holds of its game, for :meth:`restore` after a failed change."""
        return {name: getattr(self, name) for name in _HELD if hasattr(self, name)}

    def restore(self, held: dict) -> None:
        """Put back what :meth:`hold` took: the game exactly as it was."""
        for name, value in held.items():
            setattr(self, name, value)

    @property
    def seed_shown(self) -> int | None:
        """The seed the table may show: one you typed, or the drawn one once the game is
        over (during a game it would tell every hidden card); ``None`` otherwise."""
        if not self.seed_drawn:
            return self.seed
        if self.rules.outcome(self.state) is not None and not self.replaying:
            return self.seed
        return None

    @property
    def seed_words(self) -> str:
        """What a header says after "seed": the number, or that it is hidden until the end;
        a deal the player chose (typed, or from an open save) is practice, and says so."""
        shown = self.seed_shown
        if shown is None:
            return "hidden until the end"
        return str(shown) if self.seed_drawn else f"{shown} (a known deal: practice, saved open)"

    @property
    def journaled(self) -> bool:
        """Whether this game's moves go to the server's journal (``engine.journal``): a
        game in play whose deal nobody knows."""
        return self.seed_drawn and not self.replaying

    def prepare(self) -> None:
        """Hook for subclasses: set up what depends on the seed and options (bots)."""

    def options_for(self, game_options: dict) -> dict:
        """This session's options for a game of ``game_options`` (the rules' own options,
        as the registry's option sets give them): what the table adds to them (names for
        the seats, say) filled in. Tests deal any option set through it."""
        return {**self.options, **game_options}

    def seat_names(self, players: int) -> tuple[str, ...]:
        """What the table calls each seat: you, then the bots by their seats ("Player 2"...,
        as the engines' refusals name them: "Player 2 holds no 4")."""
        return ("you", *(f"Player {seat + 1}" for seat in range(1, players)))

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after every change of state or message."""
        self._listeners.append(listener)

    def notify(self) -> None:
        for listener in self._listeners:
            listener()

    @property
    def view(self):
        """The table as you see it: ``rules.view`` of your seat, all a table draws."""
        return self.rules.view(self.state, self.seat)

    @property
    def outcome(self):
        """How the game ended (the rules' ``outcome``), or ``None`` while it runs."""
        return self.rules.outcome(self.state)

    def bot_delay(self, seat: int, action: Any) -> float:
        """Seconds before the bot in ``seat`` makes ``action`` (a game's session may
        make some moves quicker, or each bot as quick as its level)."""
        return BOT_PAUSE

    def bot_move(self):
        """``(delay in seconds, action)`` for the next bot move, or ``None`` when no bot has
        one: every bot chooses from its own view; the quickest move comes first."""
        best = None
        pace = bot_pace() if self.paced else 1.0
        for seat, action in engine.proposals(self.rules, self.state, self.bots).items():
            delay = pace * self.bot_delay(seat, action)
            if best is None or delay < best[0]:
                best = (delay, action)
        return best

    def automatic_move(self, view) -> Any | None:
        """The move the table makes for you in ``view`` without asking (a setting of the
        table's, such as the Story's rolls kept as they fall), or ``None``: it asks."""
        return None

    def after_change(self) -> None:
        """After every change: the moves the table makes for you without asking, then the
        next bot move (if any) put on the clock, replacing one set earlier; then views are
        told."""
        self.cancel_timer()
        while not self.replaying:
            automatic = self.automatic_move(self.view)
            if automatic is None:
                break
            self.state = self.rules.play(self.state, automatic)
            self.actions.append(automatic)
        if not self.replaying:
            move = self.bot_move()
            if move is not None:
                delay, action = move
                self.schedule(delay, lambda: self.act(action, by_you=False))
        self.notify()

    # --- acting -----------------------------------------------------------------------

    def act(self, action: Any, by_you: bool = True) -> bool:
        """Play ``action``; ``False`` (with the engine's sentence in ``message``) if refused.
        A move of yours clears the last message; a bot's move leaves it to be read."""
        if self.replaying:
            self.message = "A replay is running: wait for it to finish or start a new game."
            self.notify()
            return False
        try:
            after = self.rules.play(self.state, action)
        except IllegalAction as refusal:
            self.message = str(refusal)
            self.notify()
            return False
        if self.journaled and not self.kept_in_journal(action, after):
            return False
        self.state = after
        self.actions.append(action)
        if by_you:
            self.message = ""
        self.after_change()
        return True

    def kept_in_journal(self, action: Any, after: Any) -> bool:
        """Write ``action`` to the journal. ``False`` when the game was played on elsewhere
        from an earlier position (another window, a reload): then the move is not made, and
        the game resumes where it was last played."""
        # moves a table made without act (the Story's rolls kept as they fall) are written too
        self.written += [action_to_json(a) for a in self.actions[len(self.written):]]
        self.written.append(action_to_json(action))
        known = journal.write(self.rules.NAME, self.seed, self.written)
        if known is None:
            return True
        self.written.pop()
        self.resume(known, f"This game was played on elsewhere (another window, or a save loaded) to move "
                           f"{len(known)}; it goes on from there: a game cannot be taken back.")
        return False

    def resume(self, known: list, message: str) -> None:
        """Go on from the journal's ``known`` moves of this game (checked by the rules); a
        journal the rules cannot replay (written by another version) is left aside."""
        try:
            actions = [self.rules.action_from_json(m) for m in known]
            state = engine.replay(self.rules, self.seed, self.options, actions)
        except Exception:
            log.exception("The journal of a game could not be replayed; the game goes on as loaded")
            self.after_change()
            return
        self.cancel_timer()
        self.state, self.actions, self.written = state, actions, list(known)
        self.prepare()
        self.message = message
        self.after_change()

    def cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def schedule(self, delay: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``delay`` seconds, replacing any timer already set."""
        self.cancel_timer()

        def fire():
            self._timer = None
            callback()

        self._timer = self.clock.call_later(delay, fire)

    # --- saves and replays --------------------------------------------------------------

    def save(self) -> str:
        """The game so far as a JSON save: sealed while a deal nobody knows is in play, open
        once it is over or when the deal is known (practice)."""
        sealed = None if self.seed_drawn else False  # None: sealed while the game runs
        return engine.save(self.rules, self.seed, self.options, self.actions, sealed=sealed)

    def load(self, text: str) -> bool:
        """Resume a saved game; ``False`` with the reason in ``message`` if it is refused,
        and then the game in play is exactly as it was (all or nothing)."""
        held = self.hold()
        try:
            record, state = engine.load(self.rules, text)
            missing = set(self.options) - set(record.options) - self.optional_options
            if missing:
                raise CorruptSave(f"This save lacks the setting {shortened(sorted(missing)[0])} this table "
                                  "needs; the game in play is as it was.")
            self.seed, self.options, self.state = record.seed, dict(record.options), state
            self.seed_drawn = record.sealed  # an open save's deal is known: practice
            self.prepare()
        except Exception as refusal:
            self.restore(held)
            if not isinstance(refusal, CorruptSave):
                log.exception("A save passed the engine but could not be set up")
                refusal = CorruptSave("This save cannot be loaded here; the game in play is as it was.")
            self.message = str(refusal)
            self.notify()
            return False
        self.cancel_timer()
        self.actions = list(record.actions)
        self.written = [action_to_json(a) for a in self.actions]
        self.replaying = False
        self.message = f"Saved game loaded: {len(self.actions)} moves replayed."
        if self.journaled and self.rules.outcome(self.state) is None:
            known = journal.played_on(self.rules.NAME, self.seed, self.written)
            if known is not None:
                self.resume(known, f"This save was made at move {len(self.actions)}, and the game was played on "
                                   f"to move {len(known)} after it: it resumes there, since a game cannot be "
                                   "taken back.")
                return True
        self.after_change()
        return True

    def replay(self, step_seconds: float = 0.6) -> None:
        """Play this game's moves again from the deal, one every ``step_seconds``; the
        replay can be paused, stepped, sped up or skipped to its end."""
        self._replay_moves = list(self.actions)
        self.cancel_timer()
        self.state = self.rules.new(self.seed, **self.options)
        self.actions = []
        self.replaying = True
        self.replay_paused = False
        self.replay_seconds = step_seconds
        self.message = f"Replaying {len(self._replay_moves)} moves."
        self.notify()
        self.schedule(step_seconds, self._replay_tick)

    @property
    def replay_progress(self) -> tuple[int, int]:
        """``(moves replayed, moves in all)`` while a replay runs."""
        return len(self.actions), len(getattr(self, "_replay_moves", ()))

    def _replay_one(self) -> bool:
        """Replay the next move; ``False`` (and the replay ends) when none is left."""
        if len(self.actions) >= len(self._replay_moves):
            self.replaying = False
            self.message = "Replay finished."
            self.after_change()
            return False
        move = self._replay_moves[len(self.actions)]
        self.state = self.rules.play(self.state, move)
        self.actions.append(move)
        return True

    def _replay_tick(self) -> None:
        if self.replaying and not self.replay_paused and self._replay_one():
            self.notify()
            self.schedule(self.replay_seconds, self._replay_tick)

    def replay_pause(self, paused: bool = True) -> None:
        """Pause the replay (or go on with ``paused=False``)."""
        if not self.replaying:
            return
        self.replay_paused = paused
        self.cancel_timer()
        if not paused:
            self.schedule(self.replay_seconds, self._replay_tick)
        self.notify()

    def replay_step(self) -> None:
        """One move of the replay, then pause."""
        if self.replaying:
            self.replay_paused = True
            self.cancel_timer()
            if self._replay_one():
                self.notify()

    def replay_skip(self) -> None:
        """Straight to the end of the replay: the game as it was, ready to go on."""
        if self.replaying:
            self.cancel_timer()
            while self._replay_one():
                pass

    def replay_speed(self, step_seconds: float) -> None:
        """Seconds between two replayed moves (clamped to 0.05-5)."""
        if isinstance(step_seconds, (int, float)) and not isinstance(step_seconds, bool) and step_seconds == step_seconds:
            self.replay_seconds = min(5.0, max(0.05, float(step_seconds)))
            if self.replaying and not self.replay_paused:
                self.schedule(self.replay_seconds, self._replay_tick)

    # --- the end -----------------------------------------------------------------------

    def play_again(self) -> None:
        """The same game again: the same options, a new deal."""
        self.start(None, self.options)
