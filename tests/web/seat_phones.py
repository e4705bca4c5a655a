"""Digital hands, their seat links and the phones holding them, shared by the digital tests.

The first open of a seat link claims it for that browser
(gamenight.services.seat_binding): a test that acts for a seat must do so from
the phone that opened it, as a player would.
"""

from __future__ import annotations

import random
from typing import Any

from django.test import Client
from django.urls import reverse
from ledger_helpers import Table

from engine.cards import ALL_CARDS
from engine.games import ActionName, HandState
from gamenight.models import DigitalHand, SeatLink
from gamenight.services import digital, seat_links

_PHONES: dict[str, Client] = {}


def start(table: Table, game: str = "seven-card-stud", key: str = "start") -> DigitalHand:
    """The host deals a digital hand of ``game`` at the table's night."""
    return digital.start_hand(night_id=table.night.pk, by=table.owner, key=key, game=game)


def link_of(hand: DigitalHand, seat: int) -> SeatLink:
    """The live link of the engine's ``seat`` in ``hand``."""
    return SeatLink.objects.get(seat_id=hand.seat_ids[seat], hand=None, revoked=False)


def seat_url(link: SeatLink, name: str = "seat_page") -> str:
    return reverse(name, args=[link.token])


def phone(link: SeatLink, client: Client | None = None, **headers: Any) -> Client:
    """The phone that holds the seat (opening the link first if nobody has)."""
    if link.token not in _PHONES:
        holder = client or Client(**headers)
        assert holder.get(seat_url(link)).status_code == 200
        _PHONES[link.token] = holder
    return _PHONES[link.token]


def post_move(client: Client, link: SeatLink, data: dict[str, Any], **extra: Any) -> Any:
    """Post a move as the seat page's form does: naming the hand it shows, unless given."""
    if "hand" not in data:
        hand = seat_links.hand_for_link(link)
        data = {**data, "hand": str(hand.pk) if hand else ""}
    return client.post(seat_url(link, "seat_act"), data, **extra)


def random_move(state: HandState, rng: random.Random) -> dict[str, Any]:
    """A legal move of the actor, as the seat page's form posts it."""
    seat = state.actor
    assert seat is not None
    choice = rng.choice(state.legal_actions())
    data: dict[str, Any] = {"action": choice.kind.value}
    if choice.min_amount is not None and choice.max_amount is not None:
        amount = rng.randint(choice.min_amount, choice.max_amount)
        if choice.kind is ActionName.DRAW:
            held = [card for card, _ in state.cards[seat]]
            picked = rng.sample(held, amount)
            if not state.can(ActionName.DRAW, seat=seat, cards=picked):
                picked = []
            data["cards"] = [str(ALL_CARDS[c]) for c in picked]
        else:
            data["amount"] = str(amount)
    if choice.game:
        data["game"] = choice.game
    return data
