"""House rules kept as named profiles: saved, listed, and compared with a game's options."""
