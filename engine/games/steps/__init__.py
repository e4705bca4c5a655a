"""The steps a game's program is made of, one module a kind.

:mod:`.deal` deals a street (and fires the triggers of the cards dealt),
:mod:`.bet` runs a betting round; :mod:`.actions` says how a step answers the
actions it owns and keeps its typed state. Each step is a frozen dataclass: the rules
say which steps a game has and with which settings, the state machine runs them.
"""
