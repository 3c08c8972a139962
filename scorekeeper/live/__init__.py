"""The live board: the poll that answers "nothing changed" cheaply, and the kept scoreboards."""
