"""One module per game family; importing this package registers them all."""

from adjudicator.games import bridge_rummy, brummy

__all__ = ["bridge_rummy", "brummy"]
