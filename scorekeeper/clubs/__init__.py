"""A club: its members and their roles, its invitations, its shared roster (who is who, and
which players are one person), its seasons, and the nights moved into it."""
