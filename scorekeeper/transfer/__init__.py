"""Data carried out and back in: nights exported and imported, the whole database backed up and restored."""
