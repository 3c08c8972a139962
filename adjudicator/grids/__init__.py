"""The grid family: cards laid out in a grid, each line scored with Brag combinations.

``lines`` scores a line and a grid, ``best`` finds the best arrangement of a hand, and
``brummy`` holds the two games, Brummy (3x3) and Brummagem (3x4).
"""
