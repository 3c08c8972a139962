"""What a ledger adds up to: a game's standings, kept between reads, said in words and drawn as charts."""
