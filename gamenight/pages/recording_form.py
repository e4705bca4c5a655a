"""What the record form shows above the players: who deals, the ante, the bet size,
the house rules in force and the other games, the night's most played first."""

from __future__ import annotations

import functools
import json
from typing import Any

from django.db.models import Count
from django.utils.translation import gettext, ngettext

from engine.chips.dealer import left_of_dealer_order
from engine.games.catalog import game_entry
from gamenight.engine_words.words import join_names
from gamenight.forms.recording import RecordGameForm
from gamenight.forms.recording_games import GAMES, Game
from gamenight.forms.recording_taps import STATE_LABELS, State, fill_chips, posted_state
from gamenight.games import option_label
from gamenight.models import Deal, Night
from gamenight.models.deals import starts_a_game
from gamenight.request_numbers import whole_number
from gamenight.services.hand_betting import game_blinds, recorded_ante
from gamenight.services.recording import night_game_options
from gamenight.services.table import Table, TableSeat


def bet_size(night: Night) -> int:
    """What a stepper tap adds: the night's smallest bet (1 when none is set)."""
    return night.house_rules.smallest_bet


def house_rules(night: Night, game: Game) -> list[str]:
    """The game's house options set for the night, as the rules card names them."""
    rules = []
    for name, value in night_game_options(night, game.slug).items():
        if value is False or value is None or value == "":
            continue
        label = option_label(game.slug, name)
        rules.append(label if value is True else f"{label}: {value}")
    return rules


def games_by_use(night: Night) -> list[Game]:
    """The games the night allows (all if it names none), the group's most played first."""
    allowed = [g for g in night.house_rules.games if g in GAMES] or list(GAMES)
    played = dict(
        Deal.objects.filter(starts_a_game(), night__group_id=night.group_id, game__in=allowed)
        .values("game")
        .annotate(n=Count("id"))
        .values_list("game", "n")
    )
    order = {slug: i for i, slug in enumerate(allowed)}
    return [GAMES[s] for s in sorted(allowed, key=lambda s: (-played.get(s, 0), order[s]))]


def form_header(night: Night, game: Game, table: Table | None) -> dict[str, Any]:
    # The dealer from the seats already read; the picker's games only when the whole
    # page is drawn (a callable: the template calls it), not for the form's partial.
    dealer = next((s for s in (table.seats if table else ()) if s.seat.pk == night.dealer_id), None)
    # Hold'em and Omaha under the night's blinds: no ante, bets by the big blind.
    found = game_blinds(night, game.slug)
    bet = found[0].big if found is not None else bet_size(night)
    return {
        "dealer_name": dealer.name if dealer is not None else "",
        "blinds": found[0] if found is not None else None,
        "bet": bet,
        # "Everyone antes and calls X" starts at the ante and one bet.
        "call": recorded_ante(night, game.slug) + bet,
        "house_rules": house_rules(night, game),
        "games": functools.partial(games_by_use, night),
        "state_labels": json.dumps({s.value: str(label) for s, label in STATE_LABELS.items()}),
        "cards_dealt": cards_dealt(game.slug),
    }


def from_dealers_left(table: Table) -> list[TableSeat]:
    """The seats in the order the cards go round: from the dealer's left, the dealer
    last (the record form's rows; the host reads them as the table sits)."""
    seats = {s.position: s for s in table.seats}
    if not seats:
        return []
    dealer = next((p for p, s in seats.items() if s.seat.pk == table.night.dealer_id), None)
    if dealer is None:
        dealer = table.dealer_position  # the dealer left: the seat the deal moves on from
    return [seats[p] for p in left_of_dealer_order(seats, dealer)]


def cards_dealt(game: str) -> int:
    """The cards each hand holds at the showdown, for the card picker to move on to the
    next hand once one is full (static/js/cardpicker.js); 0 where hands vary or share
    cards in the middle."""
    size = game_entry(game).hand_size
    return size.dealt if size is not None and not size.shared and not size.fewest else 0


def with_cards(form: RecordGameForm) -> bool:
    """The cards fields are shown when asked for, or when some were entered."""
    data = form.data if form.is_bound else {}
    return bool(data.get("with_cards")) or any(
        str(data.get(f"cards_{r.player_id}") or "").strip() for r in form.rows
    )


def bar_errors(form: RecordGameForm, context: dict[str, Any]) -> dict[str, list[str]]:
    """Every message of the form in the bar, where the host's thumb is: the page's own
    and the form's (``alerts``), and the fields' naming their player (the rows show
    them too, ``fields``)."""
    said = " ".join(m for m in (context.get("error"), context.get("error_detail")) if m)
    alerts = [said] if said else []
    fields: list[str] = []
    if form.is_bound:
        alerts += [str(m) for m in form.non_field_errors()]
        names = {f"_{r.player_id}": r.name for r in form.rows}
        for field, errors in form.errors.items():
            if field == "__all__":
                continue
            who = next((n for suffix, n in names.items() if field.endswith(suffix)), "")
            for error in errors:
                message = str(error)
                starts = who and message.startswith(who)
                fields.append(f"{who}: {message}" if who and not starts else message)
    return {"alerts": list(dict.fromkeys(alerts)), "fields": list(dict.fromkeys(fields))}


def fill_note(form: RecordGameForm, ante: int) -> str:
    """What "Everyone antes and calls" did, for the bar, while the rows still hold
    what it put in (any change since, and the note is gone): who is in for the call,
    who is all-in for less, who folded with the ante alone, who sat out."""
    data = form.data if form.is_bound else {}
    call = whole_number(data.get("call") or "")
    if not data.get("filled") or call is None or not form.rows:
        return ""
    groups: dict[State, list[str]] = {state: [] for state in State}
    short: list[str] = []
    for row in form.rows:
        state = posted_state(data, row.player_id)
        chips = fill_chips(state, call=call, ante=ante, stack=row.stack)
        if chips is not None and whole_number(data.get(f"chips_{row.player_id}")) != chips:
            return ""
        if state is State.ALL_IN and chips is not None and chips < call:
            short.append(
                gettext("%(name)s all-in for %(chips)s") % {"name": row.name, "chips": chips}
            )
        else:
            groups[State.IN if state is State.ALL_IN else state].append(row.name)
    parts = []
    if groups[State.IN]:
        names = groups[State.IN]
        parts.append(
            ngettext("%(names)s in for %(call)s", "%(names)s in for %(call)s each", len(names))
            % {"names": join_names(names), "call": call}
        )
    parts += short
    if groups[State.FOLDED]:
        parts.append(
            gettext("folded with the ante alone (%(ante)s): %(names)s")
            % {"ante": ante, "names": join_names(groups[State.FOLDED])}
        )
    if groups[State.OUT]:
        parts.append(gettext("sat out: %(names)s") % {"names": join_names(groups[State.OUT])})
    return gettext("Everyone antes and calls: %(what)s.") % {"what": "; ".join(parts)}
