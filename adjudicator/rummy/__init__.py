"""The rummy family: melds (sets and runs, with jokers) and the games scored from them.

``melds`` holds the meld values (a card as laid, a meld), ``melding_rules`` is the family's one
meld engine (each game's melds as a ``MeldStyle``: checking, reading and the best melding of a
hand), and each game module adds its own conditions (Bridge Rummy's joker rules) and scores its
deals.
"""
