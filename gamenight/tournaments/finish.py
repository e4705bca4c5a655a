"""The end of a tournament: places, prizes and the chop; and the night's guard.

**Places**: the players still in at the finish take the best places (the last
one standing is first; in a chop, the bigger chip count is the better place,
equal counts share it, and an equal chop without counts is a shared first
place); everyone out takes the place their knockout left them: the later out,
the better. Two players out in the same hand are taken in the order the host
tapped them (the second tapped is the better place): the host taps the smaller
stack first.

**Prizes**: each paid place wins its share of the pool (gamenight/tournaments/
payouts.py). In a chop the players still in share the prizes of the places
still open instead, equally or by ICM (gamenight/tournaments/icm.py). Each
player still in also gets their own bounty back. One ``tourney_payout``
transaction books it all (gamenight/tournaments/ledger.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from gamenight.models import Entrant, Night, Tournament, TransactionKind
from gamenight.services.access import User
from gamenight.services.posting import Draft, post
from gamenight.services.table import stack
from gamenight.tournaments import ledger
from gamenight.tournaments.clock import pause
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.icm import MAX_PLAYERS, equal_chop, icm_chop
from gamenight.tournaments.models_access import entrants_of
from gamenight.tournaments.status import Snapshot, clock_state, save_clock, snapshot

CHOP_KINDS = ("equal", "icm")


@dataclass(frozen=True)
class Share:
    """One player's outcome: place, prize (or chop share) and own bounty back."""

    entrant: Entrant
    place: int
    prize: int
    bounty: int = 0
    chips: int | None = None


def places_and_prizes(
    snap: Snapshot,
    entrants: Sequence[Entrant],
    *,
    chop: str = "",
    chips: Mapping[int, int] | None = None,
) -> list[Share]:
    """Everyone's place and prize if the tournament ended now (as a chop of ``chop``
    with ``chips`` by entrant id, or, with one player in, as a win)."""
    still_in = [e for e in entrants if not e.is_out]
    out = sorted((e for e in entrants if e.is_out), key=lambda e: -(e.out_number or 0))
    prizes = snap.prizes
    paid = len(still_in)
    shared = prizes[:paid] + [0] * max(0, paid - len(prizes))
    counts = dict(chips or {})
    bounty = snap.setup.bounty
    shares: list[Share] = []
    if len(still_in) == 1:
        shares.append(Share(still_in[0], 1, shared[0], bounty))
    else:
        stacks = [counts.get(e.pk, 0) for e in still_in]
        amounts = icm_chop(stacks, shared) if chop == "icm" else equal_chop(shared, stacks)
        for entrant, amount, count in zip(still_in, amounts, stacks, strict=True):
            better = sum(1 for c in stacks if c > count)
            place = 1 + better if chop == "icm" or all(stacks) else 1
            shares.append(Share(entrant, place, amount, bounty, count or None))
    for n, entrant in enumerate(out, start=paid + 1):
        shares.append(Share(entrant, n, prizes[n - 1] if n <= len(prizes) else 0))
    return sorted(shares, key=lambda s: (s.place, s.entrant.player.name.casefold()))


def check_chop(snap: Snapshot, entrants: Sequence[Entrant], kind: str, chips: Any) -> None:
    """Refuse a chop that cannot be made (the preview and the booking ask the same)."""
    if snap.finished:
        raise TournamentError("finished")
    still_in = [e for e in entrants if not e.is_out]
    if not 2 <= len(still_in) <= MAX_PLAYERS:
        raise TournamentError("chop_players")
    if kind not in CHOP_KINDS:
        raise TournamentError("chop_kind")
    if kind == "icm" and any(not chips.get(e.pk) for e in still_in):
        raise TournamentError("chop_chips")


def finish(
    night: Night,
    tournament: Tournament,
    *,
    by: User,
    key: str,
    chop: str = "",
    chips: Mapping[int, int] | None = None,
) -> None:
    """Book the prizes and close the tournament (under the caller's locks)."""
    entrants = entrants_of(tournament)
    now = timezone.now()
    snap = snapshot(tournament, entrants, now)
    shares = places_and_prizes(snap, entrants, chop=chop, chips=chips)

    def build(locked: Night) -> Draft:
        payments = []
        for share in shares:
            account = stack(locked, share.entrant.player)
            if share.prize:
                memo = "share of the chop" if chop else ledger.prize_memo(share.place)
                payments.append((account, share.prize, memo))
            if share.bounty:
                payments.append((account, share.bounty, ledger.OWN_BOUNTY))
        return ledger.pay_out(locked, payments, "the tournament's prizes")

    payload = {
        "chop": chop,
        "shares": [(s.entrant.player_id, s.place, s.prize, s.bounty) for s in shares],
    }
    prizes = post(
        night_id=night.pk,
        by=by,
        key=key,
        kind=TransactionKind.TOURNAMENT_PAYOUT,
        payload=payload,
        build=build,
    )
    for share in shares:
        share.entrant.place, share.entrant.prize = share.place, share.prize + share.bounty
        if share.chips is not None:
            share.entrant.chips = share.chips
        share.entrant.save(update_fields=["place", "prize", "chips"])
    save_clock(tournament, pause(clock_state(tournament), now))
    tournament.finished_at = now
    tournament.prizes = prizes
    tournament.chop = {"kind": chop, "chips": {str(k): v for k, v in (chips or {}).items()}}
    tournament.chop = tournament.chop if chop else {}
    tournament.save(
        update_fields=[
            "finished_at",
            "prizes",
            "chop",
            "clock_running",
            "clock_elapsed_ms",
            "clock_anchor",
        ]
    )


def undo_finish(night: Night, tournament: Tournament, *, by: User, key: str) -> None:
    """Reverse the prizes and open the tournament again (the clock stays paused)."""
    original = tournament.prizes
    if original is not None:

        def build(locked: Night) -> Draft:
            return ledger.reversal(original)

        post(
            night_id=night.pk,
            by=by,
            key=key,
            kind=TransactionKind.REVERSAL,
            payload={"transaction": original.pk},
            build=build,
        )
    Entrant.objects.filter(tournament=tournament).update(place=None, prize=0)
    tournament.finished_at = None
    tournament.prizes = None
    tournament.chop = {}
    tournament.save(update_fields=["finished_at", "prizes", "chop"])
