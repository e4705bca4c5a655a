"""The record form's rows: the inputs added for each seated player, shown with their
state and prices, and read back once cleaned (who is out, what each one paid).

:mod:`gamenight.forms.recording_cleaning` checks them, :mod:`gamenight.forms.recording`
turns them into the services' input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from engine.errors import EngineError
from engine.hands.size import house_options
from gamenight.forms.recording_fields import PLAYER_FIELDS, SeatRow, new_key, row_inputs
from gamenight.forms.recording_games import CHIP_FAMILIES, Family, Game
from gamenight.forms.recording_rules import RecordingRules, switch_field, wild_field
from gamenight.forms.recording_taps import STATE_LABELS, State, parse_order


class RecordRowsForm(forms.Form):
    """The fields of one game's record and the reading of its rows."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=100)
    order = forms.CharField(widget=forms.HiddenInput, required=False, max_length=400)
    # The page posts its ticks: an amount then counts only beside a ticked box (an
    # amount left in a box ticked off again is no payment). Scripts post amounts alone.
    ticks = forms.BooleanField(widget=forms.HiddenInput, required=False, initial=True)
    spit = forms.CharField(label=_("Spit card (in the middle)"), required=False, max_length=10)
    board = forms.CharField(
        label=_("Board (the five cards in the middle)"),
        required=False,
        max_length=40,
        widget=forms.TextInput(attrs={"placeholder": _("Ks Qs 8s 6s 2s"), "autocapitalize": "off"}),
    )

    def __init__(
        self,
        *args: Any,
        game: Game,
        rows: Sequence[SeatRow],
        ante: int = 1,
        options: Mapping[str, object] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.rows = list(rows)
        self.ante = ante
        self.options = dict(options or {})  # the night's house options of the game
        # What the night's house rules add to the rows: walks, declarations, a jack's switch.
        self.rules = RecordingRules.of(game.slug, self.options)
        if self.rules.switch_targets:
            self.fields["switched"] = switch_field(self.rules.switch_targets)
        if self.rules.asks_wild:
            self.fields["wild"] = wild_field()
        if not self.is_bound:
            self.initial.setdefault("key", new_key())
        if game.family is not Family.BOARD:
            del self.fields["board"]
        if game.family is not Family.SPIT:
            del self.fields["spit"]
        elif game.slug == "wild-widow":
            self.fields["spit"].label = _("Widow card (in the middle)")
        for row in self.rows:
            self._add_row(row)

    def _add_row(self, row: SeatRow) -> None:
        pid = row.player_id
        self.fields.update(row_inputs(pid, self.game, self.rules))
        if self.game.family in CHIP_FAMILIES:
            self.initial.setdefault(f"chips_{pid}", self.ante)
            self.initial.setdefault(f"state_{pid}", State.IN.value)

    def row_fields(self) -> list[dict[str, Any]]:
        """The bound fields of each row, for the template, with the row's state and
        place in the tapped finishing order."""
        result = []
        places = self._tapped_places()
        prices = {"paid": self.pot_price(), "walk": self.walk_price()}
        for row in self.rows:
            for prefix, price in prices.items():
                amount = self.fields.get(f"{prefix}_{row.player_id}")
                if amount is not None and price:
                    amount.widget.attrs["placeholder"] = str(price)  # what the tick adds
            named: dict[str, Any] = {}
            for name in PLAYER_FIELDS:
                field = f"{name}_{row.player_id}"
                if field in self.fields:
                    named[name] = self[field]
            state = self.state_of(row.player_id)
            named["state_value"] = state.value
            named["state_label"] = STATE_LABELS[state]
            named["order_place"] = places.get(row.player_id)
            result.append({"row": row, **named})
        return result

    def state_of(self, pid: int) -> State:
        """The row's state as shown or posted (before cleaning: the page shows it too)."""
        if self.game.family not in CHIP_FAMILIES:
            return State.IN
        name = f"state_{pid}"
        value = self.data.get(name) if self.is_bound else self.initial.get(name)
        return State(value) if value in list(State) else State.IN

    def _tapped_places(self) -> dict[int, int]:
        text = str((self.data if self.is_bound else self.initial).get("order") or "")
        groups = parse_order(text, {r.player_id for r in self.rows})
        places, place = {}, 1
        for group in groups:
            for pid in group:
                places[pid] = place
            place += len(group)
        return places

    def pot_price(self) -> int | None:
        """What "paid the pot" adds when no amount is typed: the fixed payment of the
        house rules, else the antes (the pot when the first face-up card is dealt)."""
        try:
            values = house_options(self.game.slug, self.options)
        except EngineError:
            values = {}
        fixed, cap = values.get("pay_fixed"), values.get("pot_cap")
        if isinstance(fixed, int):
            return fixed
        antes = self.ante * sum(1 for r in self.rows if self.state_of(r.player_id) != State.OUT)
        return min(antes, cap) if isinstance(cap, int) else antes

    def walk_price(self) -> int | None:
        """What "bought the walk" adds when no amount is typed: the house rules' one
        price (none where it grows by street or is the limit's largest bet)."""
        prices = self.rules.walk_prices
        return prices[0] if prices is not None and len(prices) == 1 else None

    def buys_walks(self) -> bool:
        return self.rules.buys_walks

    # The rows read back once cleaned: the checks and the services' input use these.
    def _state(self, pid: int) -> State:
        value = self.cleaned_data.get(f"state_{pid}")
        return State(value) if value in list(State) else State.IN

    def _out(self, pid: int) -> bool:
        """Folded, struck out on a face-up 3, or not dealt in: not in the showdown."""
        data = self.cleaned_data
        return self._state(pid) in (State.FOLDED, State.OUT) or bool(data.get(f"struck_{pid}"))

    def _payment(self, pid: int) -> int:
        """The pot payment a ticked "paid the pot" adds (the amount typed, else the price)."""
        data = self.cleaned_data
        if data.get("ticks") and not data.get(f"pays_{pid}"):
            return 0
        if data.get(f"paid_{pid}"):
            return int(data[f"paid_{pid}"])
        if data.get(f"pays_{pid}"):
            return self.pot_price() or 0
        return 0

    def _walks(self, pid: int) -> tuple[int, ...]:
        """The price of each walk the player bought: the prices typed, else one walk at
        the house rules' price when "bought the walk" is ticked."""
        data = self.cleaned_data
        if f"walk_{pid}" not in self.fields:
            return ()  # the night sells no walk
        if data.get("ticks") and not data.get(f"walks_{pid}"):
            return ()
        typed = tuple(data.get(f"walk_{pid}") or ())
        if typed:
            return typed
        price = self.walk_price()
        return (price,) if data.get(f"walks_{pid}") and price else ()

    def _contenders(self) -> list[int]:
        """The players whose hands go to the showdown."""
        data = self.cleaned_data
        if self.game.family in (Family.GUTS, Family.SHELBY):
            return [r.player_id for r in self.rows if data.get(f"in_{r.player_id}")]
        return [r.player_id for r in self.rows if not self._out(r.player_id)]

    def _shared(self, data: dict[str, Any]) -> tuple[int, ...]:
        """The spit card counts for every hand; Wild Widow's card belongs to no hand, it
        only makes its rank wild. The board of Hold'em and Omaha counts for every hand."""
        if self.game.family is Family.BOARD:
            return tuple(data.get("board") or ())
        spit = data.get("spit")
        if spit is None or self.game.slug == "wild-widow" or self.options.get("wild_widow"):
            return ()
        return (int(spit),)
