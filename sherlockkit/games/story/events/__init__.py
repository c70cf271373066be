"""What happened: the typed events every move records on ``State.events``.

Events are facts in the game's terms; ``narration`` turns them into the log's sentences,
and bots, widgets and chapters read them instead of the log. Nothing is hidden in this
solo game, so every event is the player's to see.

Some fifty kinds, by subject: the player's choices and the turn (``turn.py``: R007,
R008), paragraphs, SM and Luck (``paragraphs.py``), Holmes's group and the fights
(``people.py``: R002, R009), the Villain (``villain.py``: R005) and the campaign
(``campaign.py``: A000, R007, R010). This module hands their names on:
``events.TurnStarted``.
"""

from __future__ import annotations

from sherlockkit.games.story.events.event import Event
from sherlockkit.games.story.events.turn import (  # noqa: F401 - handed on
    RollMade, ActionChosen, OptionChosen, VillainWayChosen, FightOrFlee, TurnStarted, TurnTrapped,
    ActionRolled, EncounterRolled, EncounterTypeRolled, LineRolled, TableRolled, RollTested, BonusEarned,
    InvestigateAllowed, TrapSprung, FoundOut, Healing, TimeRanOut,
)
from sherlockkit.games.story.events.paragraphs import (  # noqa: F401 - handed on
    ParagraphRead, ClueRevisited, SMChanged, LuckChanged, ItemCarried, NothingWhy, Nothing,
)
from sherlockkit.games.story.events.people import (  # noqa: F401 - handed on
    AllyJoined, AllyStays, LeftCase, Wounded, HolmesCarriedHome, Killed, InspectorLost, FightStarted,
    Exchange, StrikeResult, FoeDown, EscapeTried, FightWon, FightLost,
)
from sherlockkit.games.story.events.villain import (  # noqa: F401 - handed on
    VillainRevealed, SpecialRule, SecondMeeting, VillainMeeting, MotiveUncovered, DeductionMade,
    VillainSlipsAway,
)
from sherlockkit.games.story.events.campaign import (  # noqa: F401 - handed on
    CampaignBegun, CaseStarted, CaseEnded, DeathRoll, QualityRaised, TraitRaised, FriendMade, FriendParted,
    CampaignEnded,
)
