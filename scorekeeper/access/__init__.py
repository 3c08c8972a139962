"""Who may reach what: the roles in a night, its join links, API tokens, sign-in lock-out and usernames."""
