"""Poker hands: evaluation, rankings, names, card counts and the showdown."""
