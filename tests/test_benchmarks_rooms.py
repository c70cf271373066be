"""The load benchmark of the tables for several people (``benchmarks/rooms_load.py``) on a
tiny budget: a rooms server of its own, tables of four people playing through it, every
click seen by every seat of its table, none lost. No timing is asserted."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import rooms_load  # noqa: E402

pytestmark = pytest.mark.table


def test_tables_of_four_play_on_their_own_server_and_every_click_reaches_every_seat():
    result = rooms_load.run(tables=(1, 2), seconds=2.0, think=0.02)
    one, two = result["runs"]
    assert (one["tables"], two["tables"]) == (1, 2)
    assert one["clicks"] > 5 and two["clicks"] > one["clicks"] / 2
    assert one["lost"] == two["lost"] == 0
    assert {r["what"] for r in result["rows"]} >= {"2 tables of four: click -> every seat, p95",
                                                    "2 tables of four: p95 / one table's p95"}
