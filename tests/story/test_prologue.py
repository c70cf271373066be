"""R001's last line: a new campaign opens on the prologue paragraph, a400."""

from sherlockkit.games.story import campaign, casebook, graph, narration, rules
from sherlockkit.games.story.events import CampaignBegun, ParagraphRead

from .situations import after_case, play

BOOK = casebook.load()


def test_a_new_campaign_reads_the_prologue_first(dice):
    """R001: a campaign begins by reading a400, the prologue: the trail opens
    with R001 and a400, before A000 and its rolls (the equipment read, the first case)."""
    dice.draw(3, 1)  # A000: the equipment (m415), then the first case (a001)
    state = rules.new(1, first_case=None)
    assert state.read[:2] == ("r001", "a400")
    assert state.read.index("a400") < state.read.index("a000") < state.read.index("m415") < state.read.index("a001")
    assert state.events[0] == ParagraphRead("a400", BOOK["a400"].title)
    assert state.events.index(CampaignBegun()) > 0
    assert narration.log(rules.view(state))[0] == f"“{BOOK['a400'].title}”"


def test_the_prologue_is_read_once_a_campaign_not_at_every_case(dice):
    """The prologue opens the campaign; a later case starts at its adventure."""
    state = play(after_case(), "next:a001")
    assert "a400" not in state.read


def test_the_prologue_is_a_short_text_of_our_own_that_leads_to_a000():
    """a400: an original prologue of 60-120 words, which sends the reader on to A000
    (it has no lines and no effects: it is not an adventure to play)."""
    prologue = BOOK[campaign.PROLOGUE]
    assert campaign.PROLOGUE == "a400"
    assert 60 <= len(prologue.text.split()) <= 120
    assert prologue.kind != "adventure" and prologue.effects == ()
    assert "a000" in prologue["see"]
    assert "a400" in BOOK["r001"]["see"]


def test_the_prologue_sits_in_the_paragraph_graph_between_r001_and_a000():
    """The graph reaches a400 from the first rule, and a400 leads on to A000."""
    G = graph.paragraph_graph()
    assert G.has_edge("r001", "a400") and G.has_edge("a400", "a000")
    assert "a400" not in graph.unreachable(G)
