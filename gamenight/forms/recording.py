"""The entry form for a game dealt at the table: one row of inputs per seated player.

One form serves every game family; the family decides which inputs a row has
(chips bet, in / folded / all-in / sat out, a pot payment, the walk, in/out,
held/dropped, the cards shown). Field names carry the player id (``chips_12``),
so the page works as a plain HTML form without JavaScript.

The host enters what happened, not sums: ``chips`` are the bets (ante included),
a ticked "paid the pot" or "bought the walk" adds its price. The showdown is the
finishing order as tapped (``order``: ``"12 15=17"``, ``=`` ties), or numbered
places (``place_12``, as scripts post them), or the cards shown.

The form is built in layers, one module each: the inputs of a row
(:mod:`.recording_fields`), the rows shown and read back (:mod:`.recording_rows`),
their checks (:mod:`.recording_cleaning`), and here what the services take.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from engine.hands.showdown import HostRanking, Showdown, ShownCards
from engine.table_hand import PotPayment, WalkPurchase
from gamenight.forms.recording_cleaning import RecordCleaningForm
from gamenight.forms.recording_taps import State, parse_order
from gamenight.services import TableHandInput


class RecordGameForm(RecordCleaningForm):
    """What happened in one game; :meth:`clean` turns it into the services' input."""

    def showdown(self) -> Showdown | None:
        """Cards if any were typed, else the places; places and cards of folded players
        are left out (a fold ends a hand whatever was typed)."""
        data = self.cleaned_data
        contenders = self._contenders()
        hands = {p: data[f"cards_{p}"] for p in contenders if data.get(f"cards_{p}")}
        places = {p: data[f"place_{p}"] for p in contenders if data.get(f"place_{p}")}
        tapped = tuple(
            group
            for group in (
                tuple(p for p in g if p in contenders)
                for g in parse_order(data.get("order") or "", set(contenders))
            )
            if group
        )
        if hands and (places or tapped):
            raise ValidationError(
                gettext("Enter either the finishing order or the cards, not both.")
            )
        if hands:
            return ShownCards(hands=hands, shared=self._shared(data))
        if tapped:
            # Whoever was not tapped shares the last place: the host taps as far as
            # it matters, and the bar shows at once who wins what.
            rest = tuple(p for p in contenders if not any(p in g for g in tapped))
            return HostRanking(groups=tapped + ((rest,) if rest else ()))
        if places:
            order = sorted(set(places.values()))
            groups = tuple(tuple(p for p in places if places[p] == place) for place in order)
            return HostRanking(groups=groups)
        return None

    def table_hand(self) -> TableHandInput:
        data = self.cleaned_data
        ids = [r.player_id for r in self.rows]
        payments: list[PotPayment] = []
        walks: list[WalkPurchase] = []
        put_in: dict[int, int] = {}
        for pid in ids:
            if self._state(pid) is State.OUT:
                put_in[pid] = 0  # not dealt in: no ante, no bet, no payment
                continue
            paid, walk = self._payment(pid), self._walks(pid)
            if data.get(f"struck_{pid}"):
                payments.append(PotPayment(seat=pid, amount=None))
            elif paid:
                payments.append(PotPayment(seat=pid, amount=paid))
            walks += [WalkPurchase(seat=pid, amount=price) for price in walk]
            # The chips bet, and what the ticks add: the host never adds them up.
            bets = data[f"chips_{pid}"] + (0 if data.get(f"struck_{pid}") else paid)
            put_in[pid] = bets + sum(walk)
        out = frozenset(p for p in ids if self._state(p) is State.OUT)
        spit = data.get("spit")
        shows = self.showdown()
        shown = shows.hands if isinstance(shows, ShownCards) else {}
        # Only the declarations of the hands shown: a folded player's is left out.
        declared = {p: data[f"declare_{p}"] for p in shown if data.get(f"declare_{p}")}
        return TableHandInput(
            game=self.game.slug,
            put_in=put_in,
            anted=frozenset(ids) - out if out else None,
            folded=frozenset(p for p in ids if self._state(p) in (State.FOLDED, State.OUT)),
            all_in=frozenset(p for p in ids if self._state(p) is State.ALL_IN),
            pot_payments=tuple(payments),
            walk_purchases=tuple(walks),
            showdown=shows,
            wild=frozenset({spit.rank}) if spit is not None else data.get("wild"),
            declarations=declared,
            switched_to=data.get("switched") or None,
        )

    def in_players(self) -> list[int]:
        return self._contenders()

    def extra_cards(self) -> dict[int, int]:
        data = self.cleaned_data
        return {
            r.player_id: data[f"extra_{r.player_id}"]
            for r in self.rows
            if data.get(f"extra_{r.player_id}")
        }
