"""Forms of a night: its house rules, who sits where, arrivals, rebuys, leaving, the end."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from engine.games import GAMES, GameOptionError, game_options
from engine.games.options import OptionSpec, check_together, read_options
from gamenight.engine_words import error_text
from gamenight.forms.groups import KeyedForm
from gamenight.forms.numbers import WholeNumberField
from gamenight.games import (
    choice_label,
    game_title,
    games_to_call,
    option_help,
    option_label,
)
from gamenight.house_rules import BLIND_LIMITS, TURN_TIMERS, stored_options
from gamenight.models import MAX_CHIPS, MAX_STARTING_STACK, LimitStructure, Night, Player, Season


def all_games() -> list[str]:
    """Every game a dealer may call: the engine catalogue's games, in its order."""
    return games_to_call()


def chips_field(
    label: str | StrPromise,
    *,
    required: bool = True,
    least: int = 1,
    most: int = MAX_CHIPS,
    help_text: str | StrPromise = "",
) -> forms.IntegerField:
    return WholeNumberField(
        label=label,
        required=required,
        min_value=least,
        max_value=most,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "stepper-input"}),
    )


def _option_field(game: str, spec: OptionSpec) -> forms.Field:
    """The form field of a house option, in the page's words (the engine's help is English)."""
    label = option_label(game, spec.name)
    help_text = option_help(game, spec.name) or ""
    if spec.kind == "bool":
        return forms.BooleanField(label=label, required=False, help_text=help_text)
    if spec.kind == "face":
        return forms.ChoiceField(
            label=label,
            choices=[("down", _("face down")), ("up", _("face up"))],
            help_text=help_text,
            required=False,
        )
    if spec.kind == "choice":
        return forms.ChoiceField(
            label=label,
            choices=[(c, choice_label(c)) for c in spec.choices],
            help_text=help_text,
            # Left out (a game the night does not allow): the engine's default.
            required=False,
        )
    return WholeNumberField(
        label=label,
        required=False,
        min_value=spec.least,
        max_value=MAX_CHIPS,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


@dataclass(frozen=True)
class OptionGroup:
    game: str
    label: str
    fields: list[forms.BoundField]


# The limit a night's blinds are played at (gamenight/services/hand_betting.py).
BLIND_LIMIT_CHOICES = [
    ("no_limit", _("no limit")),
    ("pot", _("pot limit")),
    ("night", _("the night's limit")),
]
assert [kind for kind, _label in BLIND_LIMIT_CHOICES] == list(BLIND_LIMITS)

# Spelled out so each reads in the page's language (a lazy text formatted here would not).
TURN_TIMER_CHOICES = [
    (0, _("off")),
    (30, _("30 seconds")),
    (60, _("1 minute")),
    (120, _("2 minutes")),
]
assert [seconds for seconds, _label in TURN_TIMER_CHOICES] == list(TURN_TIMERS)


def plan_defaults(last: Night | None, seasons: Iterable[Season]) -> dict[str, Any]:
    """What a new night's form starts with: tonight, the season under way, and the
    rest as the group's last night had it (a recurring night keeps its rules)."""
    today = timezone.localdate()
    started = [s for s in seasons if s.starts_on <= today]
    initial: dict[str, Any] = {"date": today}
    if started:
        initial["season"] = max(started, key=lambda s: (s.starts_on, s.pk)).pk
    if last is None:
        return initial
    return {**initial, "place": last.place, **rules_initial(last)}


def night_initial(night: Night) -> dict[str, Any]:
    """The form of a night as it is now: its plan and its house rules."""
    return {
        "date": night.date,
        "starts_at": night.starts_at,
        "place": night.place,
        "note": night.note,
        "season": night.season_id,
        "carry_over": night.carry_over,
        **rules_initial(night),
    }


def rules_initial(night: Night) -> dict[str, Any]:
    """The house rules' fields of the form as ``night`` has them."""
    rules = night.house_rules
    initial: dict[str, Any] = {
        "ante": rules.ante,
        "limit_structure": rules.limit_structure,
        "allowed_games": list(rules.games),
        "starting_stack": rules.starting_stack,
    }
    # What the host left unset keeps the form's own default.
    set_ = {
        "bet_low": rules.bet_low,
        "bet_high": rules.bet_high,
        "raise_cap": rules.raise_cap,
        "turn_timer": rules.turn_timer,
    }
    initial.update({name: value for name, value in set_.items() if value})
    if rules.blinds is not None:
        blinds, limit = rules.blinds
        initial.update(blind_small=blinds.small, blind_big=blinds.big, blind_limit=limit)
    for game, chosen in rules.options.items():
        if game in GAMES:
            for name, value in chosen.items():
                initial[NightForm.option_name(game, name)] = value
    return initial


class NightForm(KeyedForm):
    """A night's plan and its house rules; game options are the engine's own.

    ``rules_only``: the house rules alone, for a night under way (its day, place
    and season are history by then).
    """

    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})
    )
    starts_at = forms.TimeField(
        label=_("Start time"),
        required=False,
        widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
    )
    place = forms.CharField(label=_("Place"), max_length=100, required=False)
    note = forms.CharField(
        label=_("Note for the players"),
        max_length=300,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    season = forms.ModelChoiceField(
        label=_("Season"), queryset=Season.objects.none(), required=False
    )
    ante = chips_field(_("Ante"))
    limit_structure = forms.ChoiceField(label=_("Limit"), choices=LimitStructure.choices)
    bet_low = chips_field(_("Smallest bet (fixed: before the draw)"), required=False)
    bet_high = chips_field(_("Largest bet (fixed: after the draw)"), required=False)
    raise_cap = chips_field(_("Raises a round at most"), required=False)
    blind_small = chips_field(_("Small blind (Hold'em, Omaha)"), required=False)
    blind_big = chips_field(
        _("Big blind (Hold'em, Omaha)"),
        required=False,
        help_text=_(
            "Empty: Hold'em and Omaha are played home style, with the ante. With blinds, "
            "the two players left of the dealer post them instead of an ante, and every bet "
            "is at least the big blind."
        ),
    )
    blind_limit = forms.ChoiceField(
        label=_("Limit with blinds"), choices=BLIND_LIMIT_CHOICES, required=False
    )
    allowed_games = forms.MultipleChoiceField(
        label=_("Games allowed"), widget=forms.CheckboxSelectMultiple
    )
    starting_stack = chips_field(_("Starting stack"), most=MAX_STARTING_STACK)
    turn_timer = forms.TypedChoiceField(
        label=_("Turn timer (digital hands)"),
        choices=TURN_TIMER_CHOICES,
        coerce=int,
        required=False,
        help_text=_("When a player's time runs out, the host is asked to check or fold for them."),
    )
    carry_over = forms.BooleanField(
        label=_("Stacks carry over from the season's last night"), required=False
    )

    # The night's latest logged change when the form was shown (services.night_plan).
    seen = WholeNumberField(widget=forms.HiddenInput, required=False, min_value=0, max_value=10**18)

    PLAN_ONLY = ("date", "starts_at", "place", "note", "season", "carry_over")

    def __init__(
        self,
        *args: Any,
        seasons: Iterable[Season] = (),
        rules_only: bool = False,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"] = {
            "ante": 1,
            "starting_stack": 100,
            "bet_low": 1,
            "bet_high": 5,
            "raise_cap": 3,
            "turn_timer": 0,
            "allowed_games": all_games(),
            **kwargs["initial"],
        }
        super().__init__(*args, **kwargs)
        season_field = self.fields["season"]
        assert isinstance(season_field, forms.ModelChoiceField)
        season_field.queryset = Season.objects.filter(pk__in=[s.pk for s in seasons])
        if rules_only:
            for name in self.PLAN_ONLY:
                del self.fields[name]
        games_field = self.fields["allowed_games"]
        assert isinstance(games_field, forms.ChoiceField)
        games_field.choices = [(g, game_title(g)) for g in all_games()]
        for game in GAMES:
            for spec in game_options(game):
                field = _option_field(game, spec)
                field.initial = spec.default
                self.fields[self.option_name(game, spec.name)] = field

    @staticmethod
    def option_name(game: str, option: str) -> str:
        return f"opt__{game}__{option}"

    def option_groups(self) -> list[OptionGroup]:
        return [
            OptionGroup(
                game,
                game_title(game),
                [self[self.option_name(game, s.name)] for s in game_options(game)],
            )
            for game in GAMES
            if game_options(game)
        ]

    def clean(self) -> dict[str, Any]:
        # Form.clean() returns cleaned_data (the stubs allow None): use it directly.
        super().clean()
        data = self.cleaned_data
        if data.get("carry_over") and not data.get("season"):
            self.add_error(
                "carry_over", _("Stacks can only carry over between nights of a season.")
            )
        low, high = data.get("bet_low"), data.get("bet_high")
        if low and high and low > high:
            self.add_error("bet_high", _("The largest bet cannot be below the smallest."))
        chosen: dict[str, dict[str, object]] = {}
        for game in data.get("allowed_games") or []:
            if game not in GAMES:
                continue
            specs = game_options(game)
            given = {
                s.name: data.get(self.option_name(game, s.name))
                for s in specs
                # An option left empty keeps the engine's default.
                if data.get(self.option_name(game, s.name)) not in (None, "", s.default)
            }
            try:
                check_together(game, specs, read_options(game, specs, given))
            except GameOptionError as error:
                self.add_error(None, error_text(error))
                continue
            chosen[game] = given
        data["game_options"] = stored_options(
            bet_low=data.get("bet_low"),
            bet_high=data.get("bet_high"),
            raise_cap=data.get("raise_cap"),
            turn_timer=data.get("turn_timer") or 0,
            games=chosen,
            blinds=self._blinds(data),
        )
        return data

    def _blinds(self, data: dict[str, Any]) -> dict[str, object] | None:
        """The night's blinds for Hold'em and Omaha as stored, if both are given."""
        small, big = data.get("blind_small"), data.get("blind_big")
        if not small and not big:
            return None
        if not small or not big:
            self.add_error(
                "blind_big" if small else "blind_small",
                _("Give both blinds, or neither to play Hold'em and Omaha with the ante."),
            )
            return None
        if small > big:
            self.add_error("blind_big", _("The big blind cannot be below the small blind."))
            return None
        return {"small": small, "big": big, "limit": data.get("blind_limit") or "no_limit"}

    def night_fields(self) -> dict[str, Any]:
        """The cleaned form as gamenight/services/night_plan.py takes it."""
        data = self.cleaned_data
        fields: dict[str, Any] = {
            "ante": data["ante"],
            "limit_structure": LimitStructure(data["limit_structure"]),
            "allowed_games": list(data["allowed_games"]),
            "game_options": data["game_options"],
            "starting_stack": data["starting_stack"],
        }
        if "date" in self.fields:
            season = data.get("season")
            fields.update(
                date=data["date"],
                starts_at=data.get("starts_at"),
                place=data.get("place", ""),
                note=data.get("note", ""),
                season_id=season.pk if season else None,
                carry_over=bool(data.get("carry_over")),
            )
        return fields


class StartNightForm(KeyedForm):
    """Who is present, where they sit (or a random draw), and what each buys in for."""

    random_draw = forms.BooleanField(label=_("Draw the seats at random"), required=False)

    def __init__(
        self,
        *args: Any,
        players: Iterable[Player] = (),
        ticked: Collection[int] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        for index, player in enumerate(self.players, start=1):
            self.fields[f"present_{player.pk}"] = forms.BooleanField(
                label=player.name, required=False, initial=player.pk in ticked
            )
            self.fields[f"position_{player.pk}"] = WholeNumberField(
                label=_("Seat"),
                required=False,
                min_value=1,
                max_value=100,
                initial=index,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
            self.fields[f"buy_in_{player.pk}"] = chips_field(_("Buy-in"), required=False)

    def rows(self) -> list[tuple[Player, forms.BoundField, forms.BoundField, forms.BoundField]]:
        return [
            (p, self[f"present_{p.pk}"], self[f"position_{p.pk}"], self[f"buy_in_{p.pk}"])
            for p in self.players
        ]

    def clean(self) -> dict[str, Any]:
        # Form.clean() returns cleaned_data (the stubs allow None): use it directly.
        super().clean()
        data = self.cleaned_data
        present = [p for p in self.players if data.get(f"present_{p.pk}")]
        if not present:
            raise forms.ValidationError(_("Tick at least one player who is present."))
        positions = [data.get(f"position_{p.pk}") for p in present]
        given = [pos for pos in positions if pos is not None]
        if not data.get("random_draw") and len(set(given)) != len(given):
            raise forms.ValidationError(_("Two players cannot have the same seat."))
        big = len(self.players) + 1000
        ordered = sorted(
            present,
            key=lambda p: (data.get(f"position_{p.pk}") or big, p.name),
        )
        data["order"] = [p.pk for p in ordered]
        data["buy_ins"] = {
            p.pk: data[f"buy_in_{p.pk}"] for p in present if data.get(f"buy_in_{p.pk}") is not None
        }
        return data


def _player_choices(
    players: Iterable[Player], busted: Collection[int] = ()
) -> list[tuple[int, str]]:
    """The players to pick from; one with no chips left is marked, not left out."""
    return [
        (p.pk, _("%(name)s (busted)") % {"name": p.name} if p.pk in busted else p.name)
        for p in players
    ]


class NightActionForm(KeyedForm):
    """A form of the night page; several share the page, so their element ids differ."""

    id_prefix = "night"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", f"{self.id_prefix}_%s")
        super().__init__(*args, **kwargs)


class PlayerChoiceForm(NightActionForm):
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)

    def __init__(
        self,
        *args: Any,
        players: Iterable[Player] = (),
        busted: Collection[int] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", "—"), *_player_choices(players, busted)]


class ArriveForm(PlayerChoiceForm):
    id_prefix = "arrive"
    buy_in = chips_field(_("Buy-in (empty: the starting stack)"), required=False)


class RebuyForm(PlayerChoiceForm):
    id_prefix = "rebuy"
    amount = chips_field(_("Chips"))


class LeaveForm(PlayerChoiceForm):
    id_prefix = "leave"


class SplitForm(NightActionForm):
    id_prefix = "split"
    players = forms.TypedMultipleChoiceField(
        label=_("Players who share the pots"), coerce=int, widget=forms.CheckboxSelectMultiple
    )
    # The pots' balances the confirm panel showed (services.nights.pots_seen).
    expect = forms.CharField(widget=forms.HiddenInput, required=False, max_length=100)

    def __init__(
        self,
        *args: Any,
        players: Iterable[Player] = (),
        busted: Collection[int] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["players"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = _player_choices(players, busted)


class EndNightForm(NightActionForm):
    id_prefix = "end"
