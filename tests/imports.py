"""What a dashboard's kernel imports while it plays: the tables' import tests share this.

sympy, networkx and matplotlib belong to the analyses and the chapters; a kernel that only
plays must not pay for them. Checked in a fresh interpreter, since a test session has
imported them already.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ANALYSIS_LIBRARIES = ("sympy", "networkx", "matplotlib")
ROOT = Path(__file__).resolve().parents[1]  # where widgets/ and tests/ are importable


def analysis_libraries_loaded_by(script: str) -> list[str]:
    """The analysis libraries loaded once ``script`` (which plays at a table) has run in
    a fresh interpreter; an error of the script fails the test that asked."""
    report = f"\nimport sys\nprint(' '.join(sorted(n for n in {ANALYSIS_LIBRARIES!r} if n in sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", script + report], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split()
