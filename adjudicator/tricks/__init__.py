"""The trick family: cards played to tricks, each trick won by one seat, hands scored by tricks."""
