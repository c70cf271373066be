"""Run the sherlockkit benchmarks, print a table, write benchmarks/results/latest.json.

    .venv/bin/python benchmarks/run.py [--only engine|engines|protocol|analysis|story_case|bakerstreet|picture_photo|picture_bots|picture_odds|tournament|app|kernel_start|load|rooms_load|rooms_pages]
                                       [--quick]
                                       [--browsers-only]

(``make bench`` runs them all.) Every figure is a median over repeated runs with its
min-max, next to a baseline measured in the same process or browser session; read the
ratios, not the absolute numbers, which depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import signal
import sys
from pathlib import Path
from time import perf_counter

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import analysis  # noqa: E402
import app  # noqa: E402
import bakerstreet  # noqa: E402
import engine  # noqa: E402
import engines  # noqa: E402
import kernel_start  # noqa: E402
import load  # noqa: E402
import picture_bots  # noqa: E402
import picture_odds  # noqa: E402
import picture_photo  # noqa: E402
import protocol  # noqa: E402
import rooms_load  # noqa: E402
import rooms_pages  # noqa: E402
import story_case  # noqa: E402
import tournament  # noqa: E402
from common import print_table  # noqa: E402

BENCHMARKS = {"engine": engine, "engines": engines, "protocol": protocol, "analysis": analysis, "story_case": story_case,
              "bakerstreet": bakerstreet, "picture_photo": picture_photo, "picture_bots": picture_bots, "picture_odds": picture_odds,
              "tournament": tournament, "app": app, "kernel_start": kernel_start, "load": load,
              "rooms_load": rooms_load, "rooms_pages": rooms_pages}
RESULTS = HERE / "results" / "latest.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=list(BENCHMARKS), help="run one benchmark")
    parser.add_argument("--quick", action="store_true", help="fewer repeats (a smoke run)")
    parser.add_argument("--browsers-only", action="store_true",
                        help="load: every player a Chromium page (default: one page, the others wire players)")
    args = parser.parse_args(argv)
    # a SIGTERM unwinds like Ctrl-C, so the app benchmark still stops its servers
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    report = {
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "quick": args.quick,
    }
    for name, module in BENCHMARKS.items():
        if args.only and name != args.only:
            continue
        print(f"running {name} ...", flush=True)
        start = perf_counter()
        options = {"browsers": None} if name == "load" and args.browsers_only else {}
        report[name] = module.run(quick=args.quick, **options)
        report[name]["wall_s"] = perf_counter() - start
    print(f"\nsherlockkit benchmarks, {report['date']} ({report['machine']['cpus']} CPUs; "
          f"{'quick' if args.quick else 'full'} run)")
    for name in BENCHMARKS:
        if name in report:
            print_table(f"{name} ({report[name]['wall_s']:.0f} s)", report[name]["rows"])
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=1))
    print(f"\nwritten: {RESULTS.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
