"""The record form's checks: the cards in the middle and in each hand, the walks
bought, the declarations and the hand sizes, each refused beside its input."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from engine.cards import ALL_CARDS, Card, parse_cards
from engine.errors import CardError, EngineError
from engine.hands.size import check_hand_size, check_shared, house_options
from gamenight.engine_words import error_text
from gamenight.forms.cards import read_table_cards
from gamenight.forms.recording_fields import not_at_table_message, player_field_ids
from gamenight.forms.recording_games import CHIP_FAMILIES, Family
from gamenight.forms.recording_rows import RecordRowsForm
from gamenight.forms.recording_rules import (
    TABLE_DECIDED_WILD,
    parse_walk_prices,
    parse_wild_rank,
)

BOARD_CARDS = 5


class RecordCleaningForm(RecordRowsForm):
    """The rows' fields, cleaned and checked together."""

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
        self._refuse_cards_in_the_middle()
        charged = ("pays_", "paid_", "struck_")
        if not self.rules.pays_pot and any(
            name.startswith(charged) and str(self.data.get(name) or "").strip() not in ("", "0")
            for name in posted
        ):
            # A tab opened under other house rules: a face-up 3 costs nothing tonight.
            raise ValidationError(
                gettext("Tonight's house rules charge nothing for a face-up 3: reload the page.")
            )
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
        if self.game.family in CHIP_FAMILIES and not self.errors:
            self._check_declarations(data)
        if self.game.family in CHIP_FAMILIES and not self.errors:
            self._check_hand_sizes(data)
        return data

    def _refuse_cards_in_the_middle(self) -> None:
        """A board or a spit card posted for a game that has none (a script, or a tab of
        another game) is refused in the engine's words, never dropped (ruling 17)."""
        for name in ("board", "spit"):
            text = str(self.data.get(self.add_prefix(name)) or "").strip()
            if name in self.fields or not text:
                continue
            try:
                count = len(parse_cards(text, fill_suits=True))
            except CardError:
                count = len(text.split())
            try:
                check_shared(self.game.slug, [0] * count, self._house_options())
            except EngineError as error:
                raise ValidationError(error_text(error)) from None

    def _house_options(self) -> dict[str, object]:
        try:
            return house_options(self.game.slug, self.options)
        except EngineError:
            return {}  # stored options the game does not take: the hand sizes say so

    def _clean_walks(self, data: dict[str, Any]) -> None:
        """Each walk field holds the price of every walk the player bought (``2 3``)."""
        for row in self.rows:
            name = f"walk_{row.player_id}"
            if name not in self.fields:
                continue
            prices = parse_walk_prices(data.get(name) or "")
            # Not prices, or ticked but tonight's walk has no one price (it grows by
            # street, or is the limit's largest bet): the host types what was paid.
            if prices is None or (
                not prices and data.get(f"walks_{row.player_id}") and self.walk_price() is None
            ):
                self.add_error(
                    name,
                    gettext("%(name)s: enter the price of each walk bought, e.g. 2 3.")
                    % {"name": row.name},
                )
            data[name] = prices or ()

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
                    walks=bought[row.player_id] if buying else None,
                    options=options,
                )
            except EngineError as error:
                self.add_error(f"cards_{row.player_id}", error_text(error))
