"""Sequence's catalogue entry, with its house option ``high_low`` (issue 13).

The English sheet: "At the showdown, the high hand wins the pot.
Alternatively, the game can be played high/low with declaration." With
``high_low`` a declaration step (:class:`~engine.games.steps.hi_lo_declare.DeclareHighLow`)
follows the last betting round, and the showdown pays each pot by the
declarations. The sheet names no low rule: the low is ace-to-five over the best
five (:class:`~engine.hands.rankings.LowRanking`), which every hand has.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.games.entry import GameEntry, Recording
from engine.games.options import OptionSpec
from engine.games.rules import GameRules, Step
from engine.games.steps.hi_lo_declare import DeclareHighLow
from engine.hands.rankings import STANDARD, LowRanking
from engine.hands.size import HandSize

RULE_SHEET: Final = "stud-home-variants.en.txt"

HIGH_LOW: Final = OptionSpec(
    name="high_low",
    kind="bool",
    default=False,
    help="played high/low with declaration: before the showdown each player still in "
    "declares high, low or both (at once); the best high and the best ace-to-five low "
    "among those who declared each side split each pot, and both must win both ways",
    rule=RULE_SHEET,
)


def sequence_entry(steps: tuple[Step, ...], *, recording: Recording) -> GameEntry:
    """Sequence as the catalogue lists it: seven-card stud ``steps`` whose deals move the
    wild rank, played for high or, with ``high_low``, high/low with declaration."""

    def build(values: Mapping[str, object]) -> GameRules:
        if values.get("high_low") is not True:
            return GameRules(name="sequence", steps=steps, min_players=2, max_players=7)
        return GameRules(
            name="sequence",
            steps=(*steps, DeclareHighLow()),
            min_players=2,
            max_players=7,
            low=LowRanking(),
            options=tuple(sorted(values.items())),
        )

    return GameEntry(
        name="sequence",
        family="variants",
        title="Sequence",
        rule="RULINGS 16",
        ranking=STANDARD,
        hand_size=HandSize(dealt=7),
        options=(HIGH_LOW,),
        build=build,
        recording=recording,
        jack_target=True,
    )
