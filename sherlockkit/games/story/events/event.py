"""The kind every event of the campaign is."""


class Event:
    """Something that happened in the campaign (a frozen dataclass of one of the kinds in
    this package)."""
