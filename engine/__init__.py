"""The poker engine: cards, hand evaluation, betting, pots and games.

Pure Python (NumPy for batch evaluation only); it imports nothing from Django,
so the web app, the command line and scripts all use the same rules.
"""
