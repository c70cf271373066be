"""sherlockkit: the engines, bots and exact analyses of five Sherlock Holmes games.

Pure Python; nothing here imports ipywidgets (the views live in ``widgets``).
"""

__version__ = "0.1.0"
