"""Sphinx extension: fall back to CDNs when ``book/_vendor`` is missing.

``jupyter_book.yml`` points require.js, the widget manager and MathJax at
copies in ``book/_vendor`` (``make vendor`` fetches them from the npm
registry), so that the built book works offline. Without those copies (no
npm), this extension restores the default CDN addresses: the book still
builds, and its widgets and maths work when the reader is online.
"""

from __future__ import annotations

from pathlib import Path

from myst_nb.core.config import ipywidgets_js_factory
from sphinx.ext.mathjax import MATHJAX_URL
from sphinx.util import logging

VENDOR = "_vendor"
logger = logging.getLogger(__name__)


def _use_cdns_if_not_vendored(app, config) -> None:
    vendor = Path(app.confdir) / VENDOR
    if (vendor / "require.js").is_file():
        return
    logger.warning(
        "%s is missing (run `make vendor`): the book loads require.js, "
        "the widget manager and MathJax from CDNs",
        vendor,
    )
    config.html_static_path = [p for p in config.html_static_path if VENDOR not in p]
    config.html_extra_path = [p for p in config.html_extra_path if VENDOR not in p]
    config.mathjax_path = MATHJAX_URL
    config.nb_ipywidgets_js = ipywidgets_js_factory()  # myst-nb reads it later


def setup(app):
    app.connect("config-inited", _use_cdns_if_not_vendored)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
