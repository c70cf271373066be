"""Where a table's kernel writes its errors: the page gets the sentence, the server the detail.

A kernel forwards everything written to its stderr to the page (ipykernel captures the
kernel process's own stderr too). A value the page sends that a widget refuses (an index
out of range, a text where a number goes) is logged by the comm manager, traceback and
all, and with no handler of its own that log went to stderr, and so to the page: a Python
traceback with the server's paths beside the table's own sentence. :func:`keep_off_the_page`
gives the loggers a table's kernel writes to ("Comm", the comm manager's; "sherlockkit",
the sessions'; "traitlets", the widgets') a file on the server instead -- a logger with a
handler of its own no longer falls back on stderr -- ``SHERLOCKKIT_LOG``, else
``kernels.log`` beside the save key (``sealing.key_file``), rotated at 1 MB with two old
files kept.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

from sherlockkit.engine import sealing

#: The environment variable naming the kernels' log file.
LOG_ENV = "SHERLOCKKIT_LOG"
#: The loggers a table's kernel writes its errors to.
LOGGERS = ("Comm", "sherlockkit", "traitlets")


def log_file() -> Path:
    """Where the kernels' errors go."""
    given = os.environ.get(LOG_ENV)
    return Path(given) if given else sealing.key_file().parent / "kernels.log"


class _ServerLog(logging.Handler):
    """A rotating log file, opened at its first record where :func:`log_file` says then
    (a test run points the key's folder elsewhere after this module is imported)."""

    sherlockkit = True

    def __init__(self):
        super().__init__()
        self.file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self.file is None:
            path = log_file()
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            self.file = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=2)
            self.file.setFormatter(logging.Formatter("%(asctime)s %(process)d %(name)s %(levelname)s %(message)s"))
        self.file.emit(record)


def keep_off_the_page() -> None:
    """Send the errors of this kernel's loggers to :func:`log_file`, not to the page (once
    a process: a second call changes nothing)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(h, _ServerLog) for h in logger.handlers):
            logger.addHandler(_ServerLog())  # with a handler of its own, no record falls to stderr
