"""What a ledger adds up to: a game's standings, kept between reads, said in words, drawn as charts and as result cards to share."""
