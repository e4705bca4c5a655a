"""Jack the Shifter recorded at the table: the game the jack switched the hand to.

The English sheet: "whenever a jack is dealt as an upcard, the player who
receives the jack can change the game to any seven-card stud game on the agreed
list". The host records the game in force at the showdown (``switched_to``);
the cards shown are then sized and ranked as in that game, with its own house
options at their defaults, exactly as a digital hand switched to it is
(:func:`engine.games.families.variants._target`): The Good, the Bad and the Ugly
shows 4 to 7 cards, Baseball 7 and one per 4 that brought an extra card, Second
Hand High pays the second best hand. The game must be on the group's list, which
reaches the engine as Jack the Shifter's ``allow_<game>`` options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.errors import SettlementError
from engine.hands.size import game_name, house_options
from engine.table_hand.model import TableHand

JACK_THE_SHIFTER: Final = "jack-the-shifter"


def showdown_game(hand: TableHand) -> tuple[str, Mapping[str, object]]:
    """The game (and its house options) whose hand sizes and ranking the showdown uses."""
    target = hand.switched_to
    if target is None:
        return hand.game, hand.options
    from engine.games.families.variants import JACK_TARGETS

    if hand.game != JACK_THE_SHIFTER:
        raise SettlementError(
            f"only a jack of Jack the Shifter switches a hand to another game, not one of "
            f"{game_name(hand.game)}: leave switched_to out",
            code="switch_not_jack",
            params={"game": hand.game},
        )
    if target not in JACK_TARGETS:
        raise SettlementError(
            f"a jack cannot switch the hand to {target!r}: it switches to one of "
            f"{', '.join(sorted(JACK_TARGETS))}",
            code="switch_unknown",
            params={"target": target},
        )
    allowed = house_options(hand.game, hand.options) if hand.options else {}
    if allowed.get("allow_" + target.replace("-", "_")) is False:
        raise SettlementError(
            f"{game_name(target)} is not on the group's list of games a jack may switch to",
            code="switch_not_allowed",
            params={"game": target},
        )
    return target, {}
