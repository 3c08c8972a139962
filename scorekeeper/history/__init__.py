"""Looking back: past nights, a night's recap, a player's record, ratings, rivals and records."""
