"""The entry form for a game dealt at the table: one row of inputs per seated player.

One form serves every game family; the family decides which inputs a row has
(chips bet, in / folded / all-in / sat out, a pot payment, the walk, in/out,
held/dropped, the cards shown). Field names carry the player id (``chips_12``),
so the page works as a plain HTML form without JavaScript.

The host enters what happened, not sums: ``chips`` are the bets (ante included),
a ticked "paid the pot" or "bought the walk" adds its price. The showdown is the
finishing order as tapped (``order``: ``"12 15=17"``, ``=`` ties), or numbered
places (``place_12``, as scripts post them), or the cards shown.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from engine.cards import ALL_CARDS, Card, parse_cards
from engine.errors import CardError, EngineError
from engine.games.catalog import ENTRIES
from engine.games.families.guts.settle import GutsOptions
from engine.games.families.shelby.settle import ShelbyOptions, ShelbyVariant
from engine.hands.showdown import HostRanking, Showdown, ShownCards
from engine.hands.size import check_hand_size, house_options
from engine.table_hand import PotPayment, WalkPurchase
from gamenight.engine_texts import error_text
from gamenight.forms.cards import read_table_cards
from gamenight.forms.recording_rules import (
    TABLE_DECIDED_WILD,
    RecordingRules,
    declaration_field,
    parse_walk_prices,
    parse_wild_rank,
    switch_field,
    walk_field,
    wild_field,
)
from gamenight.forms.recording_taps import STATE_LABELS, State, parse_order
from gamenight.games import TITLES
from gamenight.models import MAX_CHIPS, Night
from gamenight.services import TableHandInput


class Family(StrEnum):
    STUD = "stud"
    """Stud, draw and the No-Peek games: chips put in, folds, all-ins, showdown."""
    SPIT = "spit"
    """Spit in the Ocean: as stud, plus the spit card shared by every hand."""
    GUTS = "guts"
    SHELBY = "shelby"
    BOARD = "board"
    """Texas Hold'em and Omaha: as stud, plus the board of five cards shared by every hand."""


@dataclass(frozen=True)
class Game:
    slug: str
    title: StrPromise
    family: Family
    pays_pot: bool = False
    """Baseball's "pay the pot or fold" on a face-up 3, and buying the walk."""


def _games() -> dict[str, Game]:
    """Every game of the engine's catalogue that can be recorded from the table."""
    return {
        entry.name: Game(
            entry.name,
            TITLES[entry.name],
            Family(entry.recording.family),
            pays_pot=entry.recording.pays_pot,
        )
        for entry in ENTRIES
        if entry.recording is not None and entry.name in TITLES
    }


GAMES: dict[str, Game] = _games()

# Every per-player input: the part of the field name before the player id.
PLAYER_FIELDS = (
    "chips",
    "state",
    "pays",
    "paid",
    "struck",
    "walks",
    "walk",
    "in",
    "place",
    "cards",
    "extra",
    "declare",
)
_PLAYER_FIELD = re.compile(rf"^({'|'.join(PLAYER_FIELDS)})_(\d+)$")
MAX_PLACE = 20
BOARD_CARDS = 5
# The families recorded with chips put in, folds and all-ins.
_CHIP_FAMILIES = (Family.STUD, Family.SPIT, Family.BOARD)


def player_field_ids(data: Any) -> dict[str, int]:
    """The posted per-player fields, each with the player id its name carries."""
    found = {}
    for name in data:
        match = _PLAYER_FIELD.match(name)
        if match and len(match.group(2)) < 19:
            found[name] = int(match.group(2))
    return found


def not_at_table_message() -> str:
    """A posted field names a player without a row: never shown with the id."""
    return gettext("This form names a player who is not at this night's table: reload the page.")


def new_key() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class SeatRow:
    """A seated player with chips, as the form shows them."""

    player_id: int
    name: str
    stack: int
    shelbys: int = 0


def _chips(label: StrPromise, *, required: bool = False) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=0,
        max_value=MAX_CHIPS,
        error_messages={
            "invalid": _("Enter a whole number of chips."),
            "min_value": _("Chips cannot be negative."),
            "max_value": _("That is more chips than any table holds."),
            "required": _("Enter the chips (0 for none)."),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
    )


class RecordGameForm(forms.Form):
    """What happened in one game; :meth:`clean` turns it into the services' input."""

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

    # ------------------------------------------------------------------ fields
    def _add_row(self, row: SeatRow) -> None:
        pid, family = row.player_id, self.game.family
        fields = self.fields
        if family in _CHIP_FAMILIES:
            fields[f"chips_{pid}"] = _chips(_("Chips bet"), required=True)
            self.initial.setdefault(f"chips_{pid}", self.ante)
            fields[f"state_{pid}"] = forms.ChoiceField(
                label=_("In the hand"),
                required=False,
                choices=[(s.value, STATE_LABELS[s]) for s in State],
                widget=forms.HiddenInput,
            )
            self.initial.setdefault(f"state_{pid}", State.IN.value)
            if self.game.pays_pot:
                fields[f"pays_{pid}"] = forms.BooleanField(label=_("paid the pot"), required=False)
                fields[f"paid_{pid}"] = _chips(_("Paid the pot"))
                fields[f"struck_{pid}"] = forms.BooleanField(
                    label=_("Folded on a face-up 3"), required=False
                )
                if self.rules.buys_walks:  # never offered where the night sells no walk
                    fields[f"walks_{pid}"] = forms.BooleanField(
                        label=_("bought the walk"), required=False
                    )
                    fields[f"walk_{pid}"] = walk_field(self.rules.walk_prices)
        elif family is Family.GUTS:
            fields[f"in_{pid}"] = forms.BooleanField(label=_("In"), required=False)
        else:
            fields[f"in_{pid}"] = forms.BooleanField(label=_("Held"), required=False)
            if self.game.slug == "psycho-shelby":
                fields[f"extra_{pid}"] = forms.IntegerField(
                    label=_("Extra cards bought"), required=False, min_value=0, max_value=10
                )
        fields[f"place_{pid}"] = forms.IntegerField(
            label=pgettext_lazy("showdown rank", "Place"),
            required=False,
            min_value=1,
            max_value=MAX_PLACE,
            error_messages={
                "invalid": _("A place is a number: 1 for the best hand."),
                "min_value": _("Places start at 1 (the best hand)."),
                "max_value": _("No table has that many places."),
            },
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 1}),
        )
        fields[f"cards_{pid}"] = forms.CharField(
            label=_("Cards shown"),
            required=False,
            max_length=60,
            widget=forms.TextInput(attrs={"placeholder": _("As Kd 9h"), "autocapitalize": "off"}),
        )
        if self.rules.declares:
            fields[f"declare_{pid}"] = declaration_field()

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
        if self.game.family not in _CHIP_FAMILIES:
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

    # ------------------------------------------------------------------ cleaning
    def clean_spit(self) -> Card | None:
        text = self.cleaned_data.get("spit", "").strip()
        if not text:
            return None
        try:
            cards = parse_cards(text, fill_suits=True)
        except CardError as error:
            raise ValidationError(error_text(error)) from None
        if len(cards) != 1:
            raise ValidationError(gettext("The card in the middle is one card, like 7♦ or 7."))
        return cards[0]  # a rank alone gets its suit in :meth:`clean`, with the hands

    def clean_wild(self) -> frozenset[int] | None:
        try:
            return parse_wild_rank(self.cleaned_data.get("wild", ""))
        except CardError:
            raise ValidationError(gettext("A wild rank is one rank, such as 7 or Q.")) from None

    def clean_board(self) -> tuple[int, ...]:
        text = self.cleaned_data.get("board", "").strip()
        if not text:
            return ()
        try:
            board = tuple(int(c) for c in parse_cards(text, fill_suits=True))
        except CardError as error:
            raise ValidationError(error_text(error)) from None
        if len(board) != BOARD_CARDS:
            raise ValidationError(
                gettext("The board is five cards (the flop, the turn and the river), not %(n)s.")
                % {"n": len(board)}
            )
        return board

    def _read_cards(self, data: dict[str, Any]) -> None:
        """Every hand and the cards in the middle read together: a rank alone gets a
        suit nobody else at the table holds (:mod:`gamenight.forms.cards`)."""
        texts: dict[str, str] = {}
        for name in ("spit", "board"):
            # Left out when empty or its own check failed (the 2♠ is card 0: not falsy).
            if data.get(name) is not None and data.get(name) != ():
                texts[name] = str(self.data.get(self.add_prefix(name), ""))
        names = {f"cards_{r.player_id}": r.name for r in self.rows}
        for key in names:
            texts[key] = str(data.get(key) or "")
        read = read_table_cards(texts, names)
        if read.error_field is not None:
            where = read.error_field if read.error_field in self.fields else None
            self.add_error(where, read.error)
            for key in names:
                data[key] = ()
            return
        for key in names:
            data[key] = read.cards[key]
        if "spit" in read.cards:
            data["spit"] = ALL_CARDS[read.cards["spit"][0]]
        if "board" in read.cards:
            data["board"] = read.cards["board"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        known = {row.player_id for row in self.rows}
        posted = player_field_ids(self.data)
        if any(pid not in known for pid in posted.values()):
            raise ValidationError(not_at_table_message())
        if not self.rules.buys_walks and any(
            name.startswith("walk_") and str(self.data.get(name) or "").strip() for name in posted
        ):
            # A tab opened under other house rules: charge nothing the night does not sell.
            raise ValidationError(
                gettext("Tonight's house rules do not sell the walk: reload the page.")
            )
        self._clean_walks(data)
        in_force = data.get("switched") or self.game.slug  # a jack's switch, or the game
        if data.get("wild") and in_force not in TABLE_DECIDED_WILD:
            self.add_error(
                "wild",
                gettext(
                    "Only Sequence and The Good, the Bad and the Ugly take a wild rank from "
                    "the table: leave it empty."
                ),
            )
        self._read_cards(data)
        if self.game.family is Family.SPIT and not self.errors:
            shows_cards = any(data.get(f"cards_{r.player_id}") for r in self.rows)
            if shows_cards and data.get("spit") is None:
                missing = (
                    gettext("Enter the widow card: the others of its rank are wild.")
                    if self.game.slug == "wild-widow"
                    else gettext("Enter the spit card: it counts for every hand.")
                )
                self.add_error("spit", missing)
        if self.game.family is Family.BOARD and not self.errors:
            shows_cards = any(data.get(f"cards_{r.player_id}") for r in self.rows)
            if shows_cards and not data.get("board"):
                self.add_error("board", gettext("Enter the board: its cards count for every hand."))
        if self.game.family in _CHIP_FAMILIES and not self.errors:
            self._check_declarations(data)
        if self.game.family in _CHIP_FAMILIES and not self.errors:
            self._check_hand_sizes(data)
        return data

    def _clean_walks(self, data: dict[str, Any]) -> None:
        """Each walk field holds the price of every walk the player bought (``2 3``)."""
        for row in self.rows:
            name = f"walk_{row.player_id}"
            if name not in self.fields:
                continue
            prices = parse_walk_prices(data.get(name) or "")
            if prices is None:
                self.add_error(
                    name,
                    gettext("%(name)s: enter the price of each walk bought, e.g. 2 3.")
                    % {"name": row.name},
                )
                prices = ()
            elif not prices and data.get(f"walks_{row.player_id}") and self.walk_price() is None:
                # Ticked, but tonight's walk has no one price (it grows by street, or is
                # the limit's largest bet): the host types what was paid.
                self.add_error(
                    name,
                    gettext("%(name)s: enter the price of each walk bought, e.g. 2 3.")
                    % {"name": row.name},
                )
            data[name] = prices

    def _check_declarations(self, data: dict[str, Any]) -> None:
        """High/low with declaration: each player who shows cards has declared, beside
        their row (the engine refuses it too, for every other caller)."""
        if not self.rules.declares:
            return
        for row in self.rows:
            pid = row.player_id
            if data.get(f"cards_{pid}") and not self._out(pid) and not data.get(f"declare_{pid}"):
                self.add_error(
                    f"declare_{pid}",
                    gettext("%(name)s shows cards: choose high, low or both.") % {"name": row.name},
                )

    def _check_hand_sizes(self, data: dict[str, Any]) -> None:
        """Each player still in shows as many cards as the game deals them, beside their
        row; the engine's own check (the same function) guards every other caller."""
        if data.get("order") or any(data.get(f"place_{r.player_id}") for r in self.rows):
            return  # places and cards together: :meth:`showdown` refuses the pair first
        switched = data.get("switched") or None
        game = switched or self.game.slug
        try:
            # A jack's switch: the target game's hands, its options at their defaults.
            options = {} if switched else house_options(self.game.slug, self.options)
        except EngineError as error:
            self.add_error(None, error_text(error))
            return
        bought = {r.player_id: len(self._walks(r.player_id)) for r in self.rows}
        buying = not switched and self.rules.buys_walks
        for row in self.rows:
            cards = data.get(f"cards_{row.player_id}")
            if not cards or self._out(row.player_id):
                continue  # a folded player's cards are left out of the showdown
            try:
                check_hand_size(
                    game,
                    name=row.name,
                    cards=cards,
                    shared=self._shared(data),
                    walks=bought[row.player_id] if buying else None,
                    options=options,
                )
            except EngineError as error:
                self.add_error(f"cards_{row.player_id}", error_text(error))

    def _shared(self, data: dict[str, Any]) -> tuple[int, ...]:
        """The spit card counts for every hand; Wild Widow's card belongs to no hand, it
        only makes its rank wild. The board of Hold'em and Omaha counts for every hand."""
        if self.game.family is Family.BOARD:
            return tuple(data.get("board") or ())
        spit = data.get("spit")
        if spit is None or self.game.slug == "wild-widow" or self.options.get("wild_widow"):
            return ()
        return (int(spit),)

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


def guts_options(game: Game, night: Night) -> GutsOptions | None:
    """Three-card Guts needs its options; two-card Guts takes the night's house rules.
    Both play for the night's one Guts pot, so three-card Guts without a limit of its
    own takes Guts' limit."""
    if game.slug != "guts3":
        return None
    chosen = night.game_options if isinstance(night.game_options, dict) else {}
    own, two = chosen.get("guts3") or {}, chosen.get("guts") or {}
    return GutsOptions(
        ante=night.ante,
        limit=own.get("limit", two.get("limit")),
        three_cards=True,
        straight_flush_over_trips=bool(own.get("straight_flush_over_trips")),
        flush_over_straight=bool(own.get("flush_over_straight")),
    )


def shelby_options(game: Game, night: Night) -> ShelbyOptions | None:
    extra = night.game_options.get("shelby", {}) if isinstance(night.game_options, dict) else {}
    if game.slug == "psycho-shelby":
        return ShelbyOptions(variant=ShelbyVariant.PSYCHO, ante=night.ante)
    if extra.get("limit"):
        return ShelbyOptions(ante=night.ante, limit=extra["limit"])
    return None
