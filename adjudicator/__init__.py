"""Scorekeeper's rules engine: pure Python, no Django.

Cards and packs (:mod:`adjudicator.cards`), melds (:mod:`adjudicator.melds`), Brag grids
(:mod:`adjudicator.grids`), and one module per game family under :mod:`adjudicator.games`,
each registered by slug (:func:`adjudicator.registry.get_game`).
"""
