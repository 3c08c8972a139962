"""Looking back: past nights, a night's recap, a player's record and two players head to head."""
