"""The helpers the chapters show their results with (``widgets.chapter``), and the
full-grid commands the chapters print under their bot tables."""

import re
import shlex
from pathlib import Path


from sherlockkit import tournament
from sherlockkit.tournament import __main__ as command
from widgets.chapter import percent, with_interval
from tests import notebook_file


def test_a_rate_is_shown_with_its_interval_rounded_to_whole_percents():
    assert with_interval(0.5, 0.4038, 0.5962) == "50% (40–60%)"
    assert with_interval(0.25, 0.0049, 0.1) == "25% (0–10%)"


def test_a_rate_keeps_the_digits_asked_for():
    assert with_interval(0.125, 0.0812, 0.1874, digits=1) == "12.5% (8.1–18.7%)"


def test_a_rate_near_one_is_not_rounded_up_to_a_certainty():
    assert percent(0.996) == ">99%"
    assert with_interval(0.996, 0.9855, 0.9989) == ">99% (99–100%)"


def test_every_game_won_reads_as_one_hundred_percent_even_when_the_bound_is_a_hair_under():
    # Wilson's upper end for 80 wins in 80 games comes out as 0.9999999999999998 in floating point
    assert with_interval(1.0, 0.9541818704644727, 0.9999999999999998) == "100% (95–100%)"

# --- the full grids the chapters name -------------------------------------------------------

BOOK = Path(__file__).resolve().parent.parent / "book"
BLOCK = re.compile(r"```\n(python -m [^`]*?)\n```")


def commands(chapter: str) -> list[str]:
    """The command lines shown in ``chapter``'s prose, continuation lines joined."""
    notebook = notebook_file.read(BOOK / f"{chapter}.ipynb")
    text = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    return [" ".join(block.replace("\\\n", " ").split()) for block in BLOCK.findall(text)]


def chapter_text(chapter: str) -> str:
    """The prose of ``chapter`` (its markdown cells)."""
    notebook = notebook_file.read(BOOK / f"{chapter}.ipynb")
    return "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")


def grid_of(line: str) -> tournament.Grid:
    """The grid ``python -m sherlockkit.tournament`` plays for ``line`` (as its ``main`` builds it)."""
    words = shlex.split(line)
    assert words[:3] == ["python", "-m", "sherlockkit.tournament"], line
    args = command.parser().parse_args(words[3:])
    return tournament.Grid(args.game, [tuple(x.strip() for x in one.split(",")) for one in args.lineup],
                           [command.options_from(args.option, "rules option")],
                           [command.options_from(args.bot_option, "bot option")], command.seeds_from(args.seeds))


def test_the_express_chapters_command_plays_its_grid_with_20000_deals():
    (line,) = commands("express")
    assert grid_of(line) == tournament.grids.express_levels(seeds=range(20_000))


def test_the_card_game_chapters_commands_play_its_grid_with_20000_deals_and_ismcts_in_every_seat():
    line, ismcts = commands("cardgame")
    assert grid_of(line) == tournament.grids.cardgame_bots(seeds=range(20_000))
    assert grid_of(ismcts) == tournament.Grid("cardgame", tournament.grids.rotations(("ismcts", "sleuth", "sleuth")),
                                              bot_options=[{"simulations": 200}], seeds=range(100))


def test_the_ladders_commands_play_its_table_and_one_of_its_cells():
    from sherlockkit.games.bakerstreet import ladder

    whole, one = commands("bakerstreet")
    prefix = "python -m sherlockkit.games.bakerstreet.ladder --games "
    assert whole.startswith(prefix)
    # what ladder.csv holds a cell, every rung alike
    (count,) = {row.games for row in ladder.stored_table()}
    assert int(whole[len(prefix):]) == count
    # and how the searching rung, hours where the others take minutes, was played on its own
    assert f"--levels search --games {count}" in " ".join(chapter_text("bakerstreet").split())
    assert grid_of(one) == tournament.grids.bakerstreet_ladder(seeds=range(2000), levels=("inference",),
                                                               players=(2,), cases=(6,))
