"""Settle a physically dealt hand: pots, winners, and every player's net with reasons.

>>> from engine.hands.showdown import HostRanking
>>> from engine.table_hand.model import TableHand, TablePlayer
>>> hand = TableHand(
...     game="seven-card-stud", dealer=2, ante=1,
...     players=(TablePlayer(name="Anna"), TablePlayer(name="Ben"), TablePlayer(name="Carla")),
...     put_in={0: 6, 1: 6, 2: 2}, folded=frozenset({2}),
...     showdown=HostRanking(groups=((0, 1),)),
... )
>>> settled = settle_table_hand(hand)
>>> [(p.name, p.net) for p in settled.players]
[('Anna', 1), ('Ben', 1), ('Carla', -2)]
>>> for reason in settled.players[0].reasons:
...     print(reason.chips, reason.text)
-1 anted 1
-5 put 5 into the betting
7 won 7 from the main pot, split with Ben (tied first by the host)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.betting.opening import clockwise_from_dealer_left
from engine.chips.pots import (
    WINNER_RULES,
    PotAward,
    PotSettlement,
    WinnerRule,
    build_pots,
    settle_pots,
)
from engine.errors import SettlementError, ShowdownMismatchError
from engine.games.catalog import GAMES_WITH_TABLE_WILD, RANKING_BY_GAME, make_rules
from engine.hands.rankings import HighRanking, Ranking
from engine.hands.showdown import (
    HostRanking,
    ShowdownScores,
    ShownCards,
    scores_from_cards,
    scores_from_ranking,
)
from engine.hands.size import (
    buys_walks,
    check_hand_size,
    check_shared,
    game_name,
    house_options,
)
from engine.table_hand.chips import count_chips
from engine.table_hand.contributions import Chips
from engine.table_hand.declared import (
    check_declarations,
    declared_lows,
    declared_pots,
    declares,
)
from engine.table_hand.hi_lo import hi_lo_pots, low_ranking, low_scores
from engine.table_hand.jack import showdown_game
from engine.table_hand.model import (
    TableHand,
)
from engine.text import join_names, ordinal

if TYPE_CHECKING:
    from engine.hands.evaluate import HandValue

# A reason's details for a caller that words it itself: chips, a pot's index
# (0 the main pot), a place, a hand's name, the names of the others in a split.
ReasonParam = int | str | tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Reason:
    """Chips won (positive) or put in (negative), and why; a player's reasons add up to
    their net."""

    chips: int
    text: str
    # ``text`` in machine-readable form: what happened, and its details.
    code: str = ""
    params: Mapping[str, ReasonParam] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class PlayerResult:
    seat: int
    name: str
    put_in: int
    won: int
    returned: int
    net: int
    stack_after: int | None
    folded: bool
    all_in: bool
    reasons: tuple[Reason, ...]


@dataclass(frozen=True, kw_only=True)
class TableSettlement:
    """The pots with their winners, each player's result, and the showdown in order
    (groups of tied seats, best first; empty when nobody had to show)."""

    hand: TableHand
    pots: PotSettlement
    players: tuple[PlayerResult, ...]
    showdown: tuple[tuple[int, ...], ...]
    hand_names: Mapping[int, str]
    hand_values: Mapping[int, HandValue] = field(default_factory=dict)
    # High/low games: each qualifying low (a seat without one is left out).
    low_names: Mapping[int, str] = field(default_factory=dict)
    low_values: Mapping[int, HandValue] = field(default_factory=dict)
    # Declared high/low: per pot index, who declared both, lost a way and won nothing there.
    forfeited: Mapping[int, tuple[int, ...]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(p.put_in for p in self.players)


def settle_table_hand(hand: TableHand) -> TableSettlement:
    """Settle ``hand``; bad input raises a :class:`SettlementError` naming the problem."""
    chips = count_chips(hand)
    live = [s for s in hand.seats if s not in chips.folded]
    split = build_pots(contributions=chips.contributions, folded=chips.folded, all_in=chips.all_in)
    # Jack the Shifter switched: the target game sizes and ranks the hands shown.
    game, options = showdown_game(hand)
    if isinstance(hand.showdown, ShownCards) and hand.showdown.shared:
        # A board is refused for a game without one even when nobody had to show.
        check_shared(game, hand.showdown.shared, house_options(game, options))
    declared = declares(game, options)
    contested = any(p.contested for p in split.pots)
    if declared and contested and isinstance(hand.showdown, HostRanking):
        raise ShowdownMismatchError(
            f"{game_name(game)} high/low with declaration is settled from the cards shown: "
            "enter each hand's cards and declaration",
            code="declare_needs_cards",
            params={"game": game},
        )
    shown = _showdown(hand, chips, live, game=game, options=options) if contested else None
    cards = hand.showdown if shown is not None and isinstance(hand.showdown, ShownCards) else None
    check_declarations(
        hand, declared=declared, live=live, shown=None if cards is None else sorted(cards.hands)
    )
    order = clockwise_from_dealer_left(dealer=hand.dealer, seat_count=len(hand.players))
    low = low_ranking(game)
    forfeited: dict[int, tuple[int, ...]] = {}
    lows: ShowdownScores | None = None
    if cards is not None:
        if declared:
            lows = declared_lows(hand, cards)
        elif low is not None:
            lows = low_scores(low, cards)
    if declared and shown is not None and lows is not None:
        pots, forfeited = declared_pots(
            hand, split, highs=shown.scores, lows=lows.scores, order=order
        )
    elif lows is not None and shown is not None:
        pots = hi_lo_pots(split, highs=shown.scores, lows=lows.scores, order=order)
    else:
        pots = settle_pots(
            split,
            scores=shown.scores if shown else {},
            order=order,
            winners=_winner_rule(game),
        )
    groups = _groups(shown.scores) if shown else ()
    players = tuple(
        _result(
            hand,
            chips,
            pots,
            seat=seat,
            live=live,
            groups=groups,
            shown=shown,
            lows=lows,
            forfeited=forfeited,
        )
        for seat in hand.seats
    )
    return TableSettlement(
        hand=hand,
        pots=pots,
        players=players,
        showdown=groups,
        hand_names=dict(shown.names) if shown else {},
        hand_values=dict(shown.values) if shown else {},
        low_names=dict(lows.names) if lows else {},
        low_values=dict(lows.values) if lows else {},
        forfeited=forfeited,
    )


def _winner_rule(game: str) -> WinnerRule:
    """Who takes a pot: the best hand, or in Second Hand High the second best, exactly
    as the digital game (its :class:`~engine.games.rules.GameRules` says which)."""
    from engine.games.catalog import GAMES  # the digital games load only when settling

    rules = GAMES.get(game)
    return WINNER_RULES[rules.winner if rules is not None else "high"]


def _showdown(
    hand: TableHand,
    chips: Chips,
    live: list[int],
    *,
    game: str,
    options: Mapping[str, object],
) -> ShowdownScores:
    showdown = hand.showdown
    if showdown is None:
        names = tuple(hand.name(s) for s in live)
        raise SettlementError(
            f"{join_names(list(names))} are still in: "
            "enter the showdown (the cards or the host's ranking)",
            code="showdown_missing",
            params={"names": names},
        )
    if isinstance(showdown, HostRanking):
        named = [seat for group in showdown.groups for seat in group]
        _check_exactly(hand, named, live, what="the ranking")
        return scores_from_ranking(showdown.groups)
    _check_exactly(hand, list(showdown.hands), live, what="the cards shown")
    return _scores_from_cards(hand, chips, showdown, game=game, chosen=options)


def _scores_from_cards(
    hand: TableHand,
    chips: Chips,
    showdown: ShownCards,
    *,
    game: str,
    chosen: Mapping[str, object],
) -> ShowdownScores:
    for seat, cards in showdown.hands.items():
        if not cards:
            raise SettlementError(
                f"{hand.name(seat)} shows no cards",
                code="shows_no_cards",
                params={"name": hand.name(seat)},
            )
    options = house_options(game, chosen)
    check_shared(game, showdown.shared, options)
    # Recorded walk purchases mean walks are bought at this table (ruling 11's option).
    buying = bool(chips.walks) or buys_walks(options)
    for seat, cards in sorted(showdown.hands.items()):  # the first wrong hand in seat order
        check_hand_size(
            game,
            name=hand.name(seat),
            cards=cards,
            walks=sum(1 for buyer, _ in chips.walks if buyer == seat) if buying else None,
            options=options,
        )
    ranking = _ranking(hand, game, options)
    return scores_from_cards(showdown.hands, ranking=ranking, shared=showdown.shared)


def _ranking(hand: TableHand, game: str, options: Mapping[str, object]) -> Ranking:
    ranking = RANKING_BY_GAME.get(game)
    if ranking is None:
        raise SettlementError(
            f"the cards of a {game!r} hand cannot be ranked: use one of "
            f"{', '.join(sorted(RANKING_BY_GAME))}, or enter the host's ranking",
            code="cards_not_ranked",
            params={"game": game},
        )
    if options and game not in GAMES_WITH_TABLE_WILD:
        # House options may change the ranking too (simple No-Peek Baseball: no wilds);
        # the digital game's rules, built from the same options, know how.
        ranking = make_rules(game, options).ranking
    if hand.wild is not None:
        if not isinstance(ranking, HighRanking):
            raise SettlementError(
                f"{game} is not played with wild cards",
                code="game_not_wild",
                params={"game": game},
            )
        return HighRanking(wild=hand.wild)
    if game in GAMES_WITH_TABLE_WILD:
        raise SettlementError(
            f"{game}: give the wild rank of the card in the middle",
            code="wild_rank_missing",
            params={"game": game},
        )
    return ranking


def _check_exactly(hand: TableHand, named: list[int], live: list[int], *, what: str) -> None:
    showdown = "ranking" if what == "the ranking" else "cards"
    for seat in named:
        if seat not in hand.seats:
            raise ShowdownMismatchError(
                f"{what} names seat {seat}, who is not at the table",
                code="showdown_seat_not_seated",
                params={"showdown": showdown, "seat": seat},
            )
        if named.count(seat) > 1:
            raise ShowdownMismatchError(
                f"{what} names {hand.name(seat)} twice",
                code="showdown_names_twice",
                params={"showdown": showdown, "name": hand.name(seat)},
            )
        if seat not in live:
            raise ShowdownMismatchError(
                f"{hand.name(seat)} folded: leave {hand.name(seat)} out of {what}",
                code="showdown_names_folded",
                params={"showdown": showdown, "name": hand.name(seat)},
            )
    missing = [hand.name(s) for s in live if s not in named]
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        raise ShowdownMismatchError(
            f"{what} leaves out {join_names(missing)}, who {verb} still in",
            code="showdown_leaves_out",
            params={
                "showdown": "ranking" if what == "the ranking" else "cards",
                "names": tuple(missing),
            },
        )


def _groups(scores: Mapping[int, int]) -> tuple[tuple[int, ...], ...]:
    values = sorted(set(scores.values()), reverse=True)
    return tuple(tuple(s for s in sorted(scores) if scores[s] == v) for v in values)


def _result(
    hand: TableHand,
    chips: Chips,
    pots: PotSettlement,
    *,
    seat: int,
    live: list[int],
    groups: tuple[tuple[int, ...], ...],
    shown: ShowdownScores | None,
    lows: ShowdownScores | None = None,
    forfeited: Mapping[int, tuple[int, ...]] | None = None,
) -> PlayerResult:
    reasons = _paid_reasons(chips, seat)
    returned = pots.split.returned.get(seat, 0)
    uncalled = pots.split.uncalled.get(seat, 0)
    if uncalled:
        reasons.append(
            Reason(
                chips=uncalled,
                text=f"took back {uncalled}: nobody called that much",
                code="uncalled",
                params={"amount": uncalled},
            )
        )
    if returned - uncalled:
        back = returned - uncalled
        reasons.append(
            Reason(
                chips=back,
                text=f"took back {back}: nobody still in could win those chips",
                code="uncovered",
                params={"amount": back},
            )
        )
    for award in pots.awards:
        rated = lows if award.side == "low" else shown
        reasons += _award_reasons(hand, award, seat=seat, live=live, groups=groups, shown=rated)
    for index, seats in sorted((forfeited or {}).items()):
        if seat in seats:
            pot = "the main pot" if index == 0 else f"side pot {index}"
            reasons.append(
                Reason(
                    chips=0,
                    text=f"declared both but did not win both ways: nothing from {pot}",
                    code="declare_forfeit",
                    params={"pot_index": index},
                )
            )
    put_in = chips.total(seat)
    won = pots.won(seat)
    net = won + returned - put_in
    if sum(r.chips for r in reasons) != net:  # the reasons must explain every chip
        raise AssertionError(f"the reasons for {hand.name(seat)} do not add up to {net}")
    stack = hand.stack(seat)
    return PlayerResult(
        seat=seat,
        name=hand.name(seat),
        put_in=put_in,
        won=won,
        returned=returned,
        net=net,
        stack_after=None if stack is None else stack + net,
        folded=seat in chips.folded,
        all_in=seat in chips.all_in,
        reasons=tuple(reasons),
    )


def _paid_reasons(chips: Chips, seat: int) -> list[Reason]:
    reasons = []
    if chips.antes[seat]:
        ante = chips.antes[seat]
        reasons.append(
            Reason(chips=-ante, text=f"anted {ante}", code="ante", params={"amount": ante})
        )
    if chips.bets[seat]:
        reasons.append(
            Reason(
                chips=-chips.bets[seat],
                text=f"put {chips.bets[seat]} into the betting",
                code="bet",
                params={"amount": chips.bets[seat]},
            )
        )
    for payer, amount in chips.payments:
        if payer == seat:
            reasons.append(
                Reason(
                    chips=-amount,
                    text=f"paid the pot: {amount}",
                    code="pay_pot",
                    params={"amount": amount},
                )
            )
    if seat in chips.refused_to_pay:
        reasons.append(Reason(chips=0, text="folded rather than pay the pot", code="refuse_pot"))
    for buyer, amount in chips.walks:
        if buyer == seat:
            reasons.append(
                Reason(
                    chips=-amount,
                    text=f"bought the walk: {amount}",
                    code="walk",
                    params={"amount": amount},
                )
            )
    return reasons


def _award_reasons(
    hand: TableHand,
    award: PotAward,
    *,
    seat: int,
    live: list[int],
    groups: tuple[tuple[int, ...], ...],
    shown: ShowdownScores | None,
) -> list[Reason]:
    if seat not in award.winners:
        return []
    pot = "the main pot" if award.name == "main pot" else award.name
    params: dict[str, ReasonParam] = {"amount": award.share, "pot_index": award.index}
    if award.side:
        pot = f"the {award.side} half of {pot}"
        params["half"] = award.side
    if not award.pot.contested:
        alone = len(live) == 1
        why = "everyone else folded" if alone else "nobody else still in covered it"
        text = f"won {award.share} from {pot}: {why}"
        code = "won_all_folded" if alone else "won_uncovered"
    else:
        others = [hand.name(s) for s in award.winners if s != seat]
        split = f", split with {join_names(others)}" if others else ""
        text = f"won {award.share} from {pot}{split} ({_why(hand, seat, groups, shown)})"
        params["others"] = tuple(others)
        if shown is not None and seat in shown.names:
            code = "won_shown"
            params["hand"] = shown.names[seat]
        else:
            code = "won_ranked"
            place = next(i for i, group in enumerate(groups, start=1) if seat in group)
            params["place"] = place
            params["tied"] = int(len(groups[place - 1]) > 1)
    reasons = (
        [Reason(chips=award.share, text=text, code=code, params=params)] if award.share else []
    )
    if seat in award.odd_chips:
        reasons.append(
            Reason(
                chips=1,
                text=f"odd chip of {pot} (seat order from the dealer's left)",
                code="odd_chip",
                params={"pot_index": award.index, **({"half": award.side} if award.side else {})},
            )
        )
    return reasons


def _why(
    hand: TableHand,
    seat: int,
    groups: tuple[tuple[int, ...], ...],
    shown: ShowdownScores | None,
) -> str:
    if shown is not None and seat in shown.names:
        return shown.names[seat]
    place = next(i for i, group in enumerate(groups, start=1) if seat in group)
    tied = len(groups[place - 1]) > 1
    return f"{'tied' if tied else 'ranked'} {ordinal(place)} by the host"
