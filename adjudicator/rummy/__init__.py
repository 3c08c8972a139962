"""The rummy family: melds (sets and runs, with jokers) and the games scored from them.

``melds`` reads and checks a meld, ``melding`` judges melds and lay-offs at the table (the joker
rules, the initial meld), and each game module scores its deals.
"""
