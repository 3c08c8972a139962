"""A game's ledger read back: its entries and their revisions, replayed through the adjudicator."""
