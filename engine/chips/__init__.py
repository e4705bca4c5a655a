"""Chips: movements between accounts, pots, the dealer rotation and the settle-up of a night."""
