"""The refusals of the rule sheets' options (issue 13) in the page's language."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.utils import translation

from engine.cards import Deck, parse_cards
from engine.errors import IllegalActionError
from engine.games import ActionName, HandState, make_rules

# Anna's and Ben's first cards are face-down 4s.
_DOWN_FOURS = "4♠ 4♥ 5♣ 6♠ 7♠ 8♣ K♣ D♣ B♣ 2♦ 2♥ 2♣ 2♠"


def _baseball(claim: str, **options: object) -> HandState:
    return HandState.start(
        make_rules(
            "baseball",
            {"down_extras": True, "down_claim": claim, "pay_or_fold": False, **options},
        ),
        names=["Anna", "Ben", "Carla"],
        stacks=[50, 50, 50],
        dealer=2,
        deck=Deck(random.Random(0), stacked=parse_cards(_DOWN_FOURS)),
    )


def _refusal(act: Callable[[], object]) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        act()
    return caught.value


def _folded_ben() -> HandState:
    state = _baseball("any_time")
    state.act(ActionName.BET, seat=0, amount=1)
    state.act(ActionName.FOLD, seat=1)
    return state


def _waiting() -> HandState:
    state = _baseball("any_time", buy_walk=True)
    state.act(ActionName.CLAIM_EXTRA, seat=1)  # Ben is asked to buy the walk
    return state


CLAIMS: dict[str, tuple[Callable[[], HandState], int, str]] = {
    "claim_not_in_game": (
        lambda: _baseball("dealt"),
        0,
        "Anna kann keine Extrakarte holen: in diesem Spiel wird eine verdeckte Karte dafür "
        "nicht nach Belieben aufgedeckt",
    ),
    "claim_no_card": (
        lambda: _baseball("any_time"),
        2,
        "Carla kann keine Extrakarte holen: Carla hat keine verdeckte Vier",
    ),
    "claim_folded": (_folded_ben, 1, "Ben kann keine Extrakarte holen: Ben ist ausgestiegen"),
    "claim_waits": (
        _waiting,
        0,
        "Anna kann gerade keine Extrakarte holen: erst muss Ben antworten",
    ),
}


@pytest.mark.parametrize("code", sorted(CLAIMS))
def test_a_refused_claim_of_an_extra_card_is_worded_in_german(code: str) -> None:
    from gamenight.engine_words import error_text

    make, seat, german = CLAIMS[code]
    state = make()
    error = _refusal(lambda: state.act(ActionName.CLAIM_EXTRA, seat=seat))
    assert error.code == code
    with translation.override("de"):
        assert error_text(error) == german
    with translation.override("en"):
        assert error_text(error) == str(error)


def test_a_spit_call_by_a_player_who_left_is_worded_in_german() -> None:
    from gamenight.engine_words import error_text

    state = HandState.start(
        make_rules("spit-in-the-ocean", {"spit_call": True, "spit_call_any_card": True}),
        names=["Anna", "Ben", "Carla", "Dan"],
        stacks=[50] * 4,
        dealer=0,
        deck=Deck(random.Random(7)),
    )
    state.forfeit(seat=2)
    error = _refusal(lambda: state.act(ActionName.CALL_SPIT, seat=2))
    assert error.code == "spit_folded"
    with translation.override("de"):
        assert error_text(error) == "Carla kann nicht „Spit!“ rufen: Carla ist ausgestiegen"
