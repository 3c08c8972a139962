"""A night and its people: the night, its recorders, its players and who sits at its table."""
