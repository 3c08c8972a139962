"""The dispute desk: a question asked of any game, answered under every reading of the house rules."""
