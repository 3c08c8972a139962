"""Trick-taking games: plays and tricks as values (:mod:`.plays`), and each game's rules.

:mod:`adjudicator.tricks.voormsi` is the public face of Voormsi (Vorms): who wins a trick,
which plays the rules refuse, what a hand scores and how the ladder climbs. Its parts live in
``voormsi_rules`` (house rules, the table, the ranking and the trick), ``voormsi_hand`` (a
hand's plays checked), ``voormsi_score`` (what a hand scores), ``voormsi_record`` (its JSON)
and ``voormsi_ladder`` (the ladder to exactly 9).
"""
