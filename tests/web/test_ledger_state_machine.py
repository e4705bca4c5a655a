"""A hypothesis state machine over a night's ledger.

Buy-ins, games, rebuys, departures, undos, retried requests and the end of the
night in any order; after every step all accounts sum to zero, no stack or pot
is below zero, and every balance equals a replay of the entries. A refused step
must record nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from itertools import count

import pytest
from django.db import transaction
from helpers.profiles import examples
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from ledger_helpers import assert_ledger_consistent, make_table

from engine.errors import EngineError
from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Account, AccountKind, NightStatus, Seat, Transaction


class NightLedger(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        # Each example runs in a savepoint rolled back at teardown.
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.table = make_table(names=("Anna", "Ben", "Carla", "Dan"), stack=20)
        self.night_id = self.table.night.pk
        self.keys = count()
        self.done: list[tuple[Callable[[], Transaction], int]] = []

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    # ------------------------------------------------------------ helpers
    def key(self) -> str:
        return f"k{next(self.keys)}"

    def seated(self) -> list[int]:
        return list(
            Seat.objects.filter(night_id=self.night_id, seated=True).values_list(
                "player_id", flat=True
            )
        )

    def stack(self, player_id: int) -> int:
        account = Account.objects.filter(
            night_id=self.night_id, player_id=player_id, kind=AccountKind.STACK
        ).first()
        return account.balance if account else 0

    def attempt(self, post: Callable[[str], Transaction]) -> None:
        before = Transaction.objects.count()
        write = functools.partial(post, self.key())
        try:
            recorded = write()
        except (services.LedgerError, EngineError):
            assert Transaction.objects.count() == before, "a refused write recorded something"
            return
        self.done.append((write, recorded.pk))

    @property
    def open(self) -> bool:
        return services.night_for_recording(self.table.owner, self.night_id).status == (
            NightStatus.RUNNING
        )

    # ------------------------------------------------------------ rules
    @rule(who=st.integers(0, 3), amount=st.integers(-5, 40))
    def rebuy(self, who: int, amount: int) -> None:
        player = self.table.ids[who]
        self.attempt(
            lambda key: services.rebuy(
                night_id=self.night_id,
                by=self.table.cohost,
                key=key,
                player_id=player,
                amount=amount,
            )
        )

    @rule(ins=st.sets(st.integers(0, 3), max_size=4), order=st.randoms(use_true_random=False))
    def guts(self, ins: set[int], order: object) -> None:
        players = [self.table.ids[i] for i in sorted(ins)]
        ranked = list(players)
        order.shuffle(ranked)  # type: ignore[attr-defined]
        showdown = HostRanking(groups=tuple((p,) for p in ranked)) if len(ranked) > 1 else None
        self.attempt(
            lambda key: services.record_guts_deal(
                night_id=self.night_id,
                by=self.table.owner,
                key=key,
                in_players=players,
                showdown=showdown,
            )
        )

    @rule(a=st.integers(0, 3), b=st.integers(0, 3), bet=st.integers(1, 25), tie=st.booleans())
    def table_hand(self, a: int, b: int, bet: int, tie: bool) -> None:
        first, second = self.table.ids[a], self.table.ids[b]
        in_hand = [p for p in self.seated() if self.stack(p) > 0]
        if first == second or first not in in_hand or second not in in_hand:
            return
        put_in = dict.fromkeys(in_hand, 1)
        put_in[first] = put_in[second] = bet
        groups = ((first, second),) if tie else ((first,), (second,))
        hand = services.TableHandInput(
            game="seven-card-stud",
            put_in=put_in,
            folded=frozenset(in_hand) - {first, second},
            showdown=HostRanking(groups=groups),
        )
        self.attempt(
            lambda key: services.record_table_hand(
                night_id=self.night_id, by=self.table.owner, key=key, hand=hand
            )
        )

    @rule(who=st.integers(0, 3))
    def leave_or_arrive(self, who: int) -> None:
        player = self.table.ids[who]
        if player in self.seated():
            self.attempt(
                lambda key: services.leave(
                    night_id=self.night_id, by=self.table.owner, key=key, player_id=player
                )
            )
        else:
            self.attempt(
                lambda key: services.arrive(
                    night_id=self.night_id,
                    by=self.table.owner,
                    key=key,
                    player_id=player,
                    buy_in=10,
                )
            )

    @precondition(lambda self: bool(self.done))
    @rule(pick=st.integers(0, 10**6))
    def undo(self, pick: int) -> None:
        _, target = self.done[pick % len(self.done)]
        self.attempt(
            lambda key: services.undo(
                night_id=self.night_id, by=self.table.owner, key=key, transaction_id=target
            )
        )

    @precondition(lambda self: bool(self.done))
    @rule(pick=st.integers(0, 10**6))
    def retry(self, pick: int) -> None:
        write, first = self.done[pick % len(self.done)]
        before = Transaction.objects.count()
        assert write().pk == first
        assert Transaction.objects.count() == before

    @rule(split=st.booleans())
    def end_night(self, split: bool) -> None:
        night_id, owner = self.night_id, self.table.owner
        if not self.open:
            return
        seated = self.seated()
        if split and seated:
            self.attempt(
                lambda key: services.split_night_pots(
                    night_id=night_id, by=owner, key=key, players=seated
                )
            )
        pots = Account.objects.filter(night_id=night_id, kind__in=["guts_pot", "guts_reserve"])
        if any(a.balance for a in pots):
            with pytest.raises(services.PotsNotEmptyError):
                services.end_night(night_id=night_id, by=owner)
        else:
            services.end_night(night_id=night_id, by=owner)
            assert not self.open

    # ------------------------------------------------------------ invariants
    @invariant()
    def ledger_is_consistent(self) -> None:
        assert_ledger_consistent(self.table.group)


@pytest.mark.django_db
def test_the_ledger_stays_consistent_whatever_happens() -> None:
    run_state_machine_as_test(
        NightLedger,
        settings=settings(
            max_examples=examples(25),
            stateful_step_count=30,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
