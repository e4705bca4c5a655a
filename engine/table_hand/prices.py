"""What a pot payment and a walk cost under a hand's house options.

The settlement checks the amounts the host gives against these prices, and the
record form (gamenight/forms/recording_rules.py) offers the same prices.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.errors import ErrorParam, SettlementError
from engine.hands.size import game_name, house_options
from engine.table_hand.contributions import Chips
from engine.table_hand.jack import JACK_THE_SHIFTER
from engine.table_hand.model import TableHand


@dataclass(frozen=True, kw_only=True)
class PayTerms:
    """What a face-up 3 costs under the hand's house options: the pot, the pot capped
    at ``cap`` (``pot_cap``), or a ``fixed`` payment instead (``pay_fixed``)."""

    cap: int | None = None
    fixed: int | None = None
    # The walk's price when the options fix it (the same on every street).
    walk: int | None = None
    # Every price a walk may cost under the options, one per street (ruling 11 and the
    # English sheet); ``None`` when it is the limit's largest bet, which is not known here.
    walk_prices: tuple[int, ...] | None = None

    @classmethod
    def of(cls, hand: TableHand) -> PayTerms:
        values = house_options(hand.game, hand.options)
        cap, fixed = values.get("pot_cap"), values.get("pay_fixed")
        return cls(
            cap=cap if isinstance(cap, int) else None,
            fixed=fixed if isinstance(fixed, int) else None,
            walk=_fixed_walk(values),
            walk_prices=walk_prices(hand.game, values),
        )

    def check_walk(self, name: str, amount: int, *, all_in: bool) -> str | None:
        """Why ``amount`` cannot be what a walk cost, if it cannot (less is only all-in)."""
        prices = self.walk_prices
        if prices is None or amount in prices or (all_in and amount < max(prices)):
            return None
        if len(prices) == 1:
            return f"{name} bought the walk for {amount} but the walk costs {prices[0]}"
        listed = "/".join(str(p) for p in prices)
        return f"{name} bought the walk for {amount} but a walk costs {listed} by street"

    def price(self, pot: int) -> int:
        if self.fixed is not None:
            return self.fixed
        return pot if self.cap is None else min(pot, self.cap)

    def too_much(
        self, name: str, amount: int, pot: int, *, where: str = "", in_round: int = 0
    ) -> SettlementError:
        """Why ``amount`` is more than the payment (``where``: the round it was paid in)."""
        params: dict[str, ErrorParam] = {"name": name, "amount": amount}
        if in_round:
            params["in_round"] = in_round
        if self.fixed is not None:
            return SettlementError(
                f"{where}{name} paid {amount} but the fixed payment is {self.fixed}",
                code="paid_beyond_fixed",
                params={**params, "price": self.fixed},
            )
        if self.cap is not None and self.cap < pot:
            return SettlementError(
                f"{where}{name} paid {amount} but the pot payment is capped at {self.cap}",
                code="paid_beyond_cap",
                params={**params, "price": self.cap},
            )
        return SettlementError(
            f"{where}{name} paid {amount} but the pot was only {pot}",
            code="paid_beyond_pot",
            params={**params, "pot": pot},
        )


def game_charges(game: str, options: Mapping[str, object]) -> tuple[bool, bool]:
    """Whether a hand of ``game`` under its house ``options`` can have a pot payment (a
    face-up 3 with "pay the pot or fold" on) and an extra card to buy. Football and
    Woolworth charge for a 3 only with the option on (ruling 20); Jack the Shifter as
    any game on its list; a game only recorded, as its recording says; a name the
    catalogue does not know is not judged."""
    from engine.games.catalog import CATALOGUE, make_rules
    from engine.games.rules import ExtraCard, PayPotOrFold

    entry = CATALOGUE.get(game)
    if entry is None:
        return True, True
    if entry.build is None:
        pays = entry.recording is not None and entry.recording.pays_pot
        return pays, bool(entry.hand_size and entry.hand_size.walk_ranks)
    games = [make_rules(game, options)]
    if game == JACK_THE_SHIFTER:
        from engine.games.catalog import GAMES
        from engine.games.families.variants import JACK_TARGETS

        allowed = house_options(game, options)
        games += [
            GAMES[target]
            for target in JACK_TARGETS
            if allowed.get("allow_" + target.replace("-", "_")) is not False
        ]
    triggers = [t for rules in games for t in rules.triggers]
    return (
        any(isinstance(t, PayPotOrFold) for t in triggers),
        any(isinstance(t, ExtraCard) for t in triggers),
    )


def check_charges(hand: TableHand, chips: Chips) -> None:
    """Refuse a pot payment or a walk the hand's game cannot have charged (ruling 20)."""
    pays, walks = game_charges(hand.game, hand.options)
    payers = [s for s, _ in chips.payments] + sorted(chips.refused_to_pay)
    if payers and not pays:
        from engine.games.catalog import CATALOGUE

        name, title = hand.name(payers[0]), game_name(hand.game)
        params: dict[str, ErrorParam] = {"game": hand.game, "name": name}
        entry = CATALOGUE.get(hand.game)
        if entry is not None and any(spec.name == "pay_or_fold" for spec in entry.options):
            raise SettlementError(
                f"{title}: a face-up 3 costs nothing unless the house rule "
                f'"pay the pot or fold" is on: leave {name}\'s pot payment out',
                code="pay_pot_option_off",
                params=params,
            )
        raise SettlementError(
            f"{title} has no pot payment: leave {name}'s pot payment out",
            code="pay_pot_not_in_game",
            params=params,
        )
    if chips.walks and not walks:
        name = hand.name(chips.walks[0][0])
        raise SettlementError(
            f"{game_name(hand.game)} has no extra card to buy: leave {name}'s walk out",
            code="walk_not_in_game",
            params={"game": hand.game, "name": name},
        )


def walk_prices(game: str, values: Mapping[str, object]) -> tuple[int, ...] | None:
    """What one walk may cost under the house options ``values`` (as read by the digital
    game), from the cheapest: the price of its face, plus the per-street step for each
    street dealt before. ``None``: the limit's largest bet (ruling 11), or no price."""
    down, up = values.get("walk_price"), values.get("walk_price_up")
    base = up if values.get("extra_face") == "up" and isinstance(up, int) else down
    if not isinstance(base, int):
        return None
    step = values.get("walk_price_per_street")
    if not isinstance(step, int) or not step:
        return (base,)
    from engine.games.catalog import make_rules  # the digital games load only for prices

    streets = len(make_rules(game, values).streets)
    return tuple(base + step * street for street in range(streets))


def _fixed_walk(values: dict[str, object]) -> int | None:
    """The walk's price under the options, unless it grows with the streets or is the
    limit's largest bet (which the settlement does not know)."""
    if values.get("walk_price_per_street"):
        return None
    down, up = values.get("walk_price"), values.get("walk_price_up")
    if values.get("extra_face") == "up" and isinstance(up, int):
        return up
    return down if isinstance(down, int) else None
