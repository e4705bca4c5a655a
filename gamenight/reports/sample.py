"""A played-out night through the services, for the report benchmark and tests.

Random but replayable (the caller's ``random.Random``): table hands and Guts
deals, a rebuy when someone runs dry, an undo, the night's pots split at the
end. Every chip moves through the same services a host uses.
"""

from __future__ import annotations

import datetime
import random

from engine.games.families.guts.settle import GutsOptions
from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.games import recorded_games
from gamenight.models import NIGHT_POTS, Account, AccountKind, Night, Season
from gamenight.services import LedgerError, TableHandInput
from gamenight.services.access import User

# The catalogue's games recorded with chips and folds, and its (two-card) Guts.
STUD = tuple(recorded_games("stud"))
GUTS = recorded_games("guts")[0]


def _stacks(night: Night) -> dict[int, int]:
    return {
        player: balance
        for player, balance in Account.objects.filter(
            night=night,
            kind=AccountKind.STACK,
            player__seats__night=night,
            player__seats__seated=True,
        ).values_list("player_id", "balance")
        if player is not None
    }


def play_night(
    *,
    group_id: int,
    by: User,
    players: list[int],
    games: int,
    rng: random.Random,
    date: datetime.date,
    season: Season | None = None,
    undo: bool = True,
    leave: bool = True,
    end: bool = True,
) -> Night:
    """Start a night with ``players``, record ``games`` games, split the pots, end it."""
    night = services.create_night(
        group_id=group_id,
        by=by,
        date=date,
        season_id=season.pk if season else None,
        starting_stack=100,
        allowed_games=[*STUD, GUTS],
    )
    tag = f"n{night.pk}"
    services.start_night(night_id=night.pk, by=by, key=f"{tag}-start", players=players)
    guts = GutsOptions(limit=40)
    recorded = 0
    attempt = 0
    undone = False
    while recorded < games:
        attempt += 1
        key = f"{tag}-{attempt}"
        stacks = _stacks(night)
        dry = [p for p, chips in stacks.items() if chips < 10]
        if dry:
            services.rebuy(night_id=night.pk, by=by, key=key + "r", player_id=dry[0], amount=50)
            continue
        try:
            if rng.random() < 0.35:
                pot = Account.objects.filter(night=night, kind=AccountKind.GUTS_POT).first()
                need = pot.balance if pot else 0
                able = [p for p, chips in stacks.items() if chips > need + 1]
                chosen = rng.sample(able, k=min(len(able), rng.choice([0, 1, 2, 2, 3])))
                services.record_guts_deal(
                    night_id=night.pk,
                    by=by,
                    key=key,
                    in_players=chosen,
                    showdown=HostRanking(groups=tuple((p,) for p in chosen))
                    if len(chosen) > 1
                    else None,
                    options=guts,
                )
            else:
                ids = list(stacks)
                folded = set(rng.sample(ids, k=rng.randint(0, len(ids) - 2)))
                staying = [p for p in ids if p not in folded]
                bet = rng.randint(2, min(20, min(stacks[p] for p in staying)))
                put_in = {
                    p: (rng.randint(1, min(bet - 1, stacks[p])) if p in folded else bet)
                    for p in ids
                }
                rng.shuffle(staying)
                services.record_table_hand(
                    night_id=night.pk,
                    by=by,
                    key=key,
                    hand=TableHandInput(
                        game=rng.choice(STUD),
                        put_in=put_in,
                        folded=frozenset(folded),
                        showdown=HostRanking(groups=tuple((p,) for p in staying)),
                    ),
                )
        except LedgerError:
            continue
        recorded += 1
        if undo and recorded == 3 and not undone:
            undone = True
            last = night.transactions.order_by("-id").first()
            assert last is not None
            services.undo(night_id=night.pk, by=by, key=key + "u", transaction_id=last.pk)
            recorded -= 1  # the undone game is played again
        if leave and recorded == games // 2 and len(stacks) > 3:
            services.leave(night_id=night.pk, by=by, key=key + "l", player_id=list(stacks)[-1])
    pots = Account.objects.filter(night=night, kind__in=NIGHT_POTS)
    if any(pots.values_list("balance", flat=True)):
        services.split_night_pots(
            night_id=night.pk, by=by, key=f"{tag}-split", players=list(_stacks(night))
        )
    if end:
        services.end_night(night_id=night.pk, by=by)
    night.refresh_from_db()
    return night
