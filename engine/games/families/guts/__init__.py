"""Guts: its options, the settlement of a deal, its showdown, its digital game and JSON format."""
