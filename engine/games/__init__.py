"""Digital hands of every game: rules as data, one state machine, views and JSON.

:mod:`.rules` describes a game as a program of :mod:`.steps`, :mod:`.families`
declare the games as :mod:`.entry` values, :mod:`.catalog` gathers them (every list
of games is derived from it),
:mod:`.state` runs a hand, :mod:`.events` holds its records,
:mod:`.legal_actions` lists what a bettor may do, :mod:`.views` shows the hand
to a seat or the table, :mod:`.serialise` saves it and
:mod:`.random_play` plays it at random for simulations.
"""

from engine.games.catalog import GAMES, game_options, make_rules
from engine.games.errors import (
    ForfeitError,
    GameOptionError,
    HandOverError,
    NoDecisionError,
    TableSizeError,
    UnknownGameError,
)
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.families.stud import STUD_STEPS
from engine.games.hand_actions import Decision
from engine.games.options import OptionSpec
from engine.games.rules import ExtraCard, GameRules, PayPotOrFold, Step, Trigger, VoidDeal
from engine.games.state import HandState
from engine.games.views import seat_view, table_view

__all__ = [
    "GAMES",
    "STUD_STEPS",
    "ActionName",
    "Decision",
    "Event",
    "EventKind",
    "ExtraCard",
    "ForfeitError",
    "GameOptionError",
    "GameRules",
    "HandOverError",
    "HandState",
    "LegalAction",
    "NoDecisionError",
    "OptionSpec",
    "PayPotOrFold",
    "Step",
    "TableSizeError",
    "Trigger",
    "UnknownGameError",
    "VoidDeal",
    "game_options",
    "make_rules",
    "seat_view",
    "table_view",
]
