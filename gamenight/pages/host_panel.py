"""What the night page shows of digital hands (digital/_host_panel.html): deal one,
the hand in play, the seat links, and the moves a host may make for a player
away from the phone."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from engine.games import ActionName, seat_view
from gamenight.games import game_title
from gamenight.models import DigitalHand, HandStatus, Membership, Night, NightStatus
from gamenight.pages.hand_view import ACTION_LABELS, new_key, shared_view
from gamenight.pages.timer import timer_context
from gamenight.services import digital, seat_links
from gamenight.services.hand_betting import hand_betting
from gamenight.tournaments.hands import tables_in_play
from gamenight.tournaments.hooks import current_blinds

# What the host is offered when a player's time runs out: no chips risked for them
# (seven-card stud's bring-in, where neither is open, is forced: the least move there).
_TIMEOUT_ORDER = (ActionName.CHECK, ActionName.FOLD, ActionName.BRING_IN)

# Actions a host may take for a player away from the phone, as buttons.
_HOST_ORDER = [a for a in ActionName if a in digital.HOST_ACTIONS]


def host_panel_context(night: Night, membership: Membership, *, error: str = "") -> dict[str, Any]:
    """What the night page shows of digital hands (see digital/_host_panel.html)."""
    running = night.status == NightStatus.RUNNING
    if not running:
        # A night not (or no longer) in play has no hand to deal or show; only a
        # refusal (a tap from a page left open as the night ended) is said.
        return {"digital": {"error": error}}
    hand = seat_links.current_hand(night)
    # Read once for every game the picker offers (None: no running tournament).
    level = current_blinds(night)
    panel: dict[str, Any] = {
        "may_record": membership.may_record and running,
        "error": error,
        "hand": hand,
        "games": [(g, _deal_label(night, g, level)) for g in digital.playable_games(night)],
        "start_key": new_key(),
        # A tournament with two tables: one start per table (gamenight/tournaments/hands.py).
        "tables": list(range(1, tables + 1)) if (tables := tables_in_play(night)) > 1 else [],
    }
    if hand is not None:
        view = shared_view(hand) or {"actor": None, "pot": 0}
        panel.update(
            game_title=game_title(hand.deal.game),
            running=hand.status == HandStatus.RUNNING,
            waiting_for=view["players"][view["actor"]]["name"] if view["actor"] is not None else "",
            pot=view["pot"],
            abandon_key=new_key(),
        )
        timer = timer_context(night, hand, view["actor"])
        panel["timer"] = timer
        if panel["may_record"] and hand.is_running:
            state = digital.hand_state(hand)  # a running hand is always one dealt here
            panel["absent"] = _absent_actions(state, hand)
            if timer is not None and timer["up"]:
                panel["timeout"] = _timeout_prompt(state, view["actor"])
    # Links are made when a hand is dealt: before the night's first hand there are none.
    if panel["may_record"] and hand is not None:
        panel["links"] = [
            {"link": link, "name": link.seat.player.name, "revoke_key": new_key()}
            for link in seat_links.night_links(night)
        ]
    return {"digital": panel}


def _deal_label(night: Night, game: str, level: tuple[int, int, int] | None) -> str:
    """A game as the deal picker offers it: with the night's blinds where they apply
    (a tournament's: ``level``, the one in play now, with its ante)."""
    if level is None:
        betting = hand_betting(night, game, home=digital.night_limit(night))
        if betting.blinds is None:
            return game_title(game)
        level = (betting.blinds.small, betting.blinds.big, 0)
    small, big, ante = level
    words = {"game": game_title(game), "small": small, "big": big, "ante": ante}
    if ante:
        return gettext("%(game)s (blinds %(small)s/%(big)s, ante %(ante)s)") % words
    return gettext("%(game)s (blinds %(small)s/%(big)s)") % words


def _absent_actions(state: Any, hand: DigitalHand) -> list[dict[str, Any]]:
    """For each seat that may act now, the moves a host may make for it."""
    rows = []
    for seat in range(state.seat_count):
        kinds = {a["kind"] for a in seat_view(state, seat)["legal_actions"]}
        allowed = [a for a in _HOST_ORDER if a in kinds]
        if allowed:
            rows.append(
                {
                    "seat": seat,
                    "name": state.names[seat],
                    "actions": [
                        {"kind": a, "label": ACTION_LABELS[a], "key": new_key()} for a in allowed
                    ],
                }
            )
    return rows


def _timeout_prompt(state: Any, actor: int) -> dict[str, Any]:
    """The host's prompt when ``actor``'s time is up: check for them where they may,
    else fold; nothing else (a bet or a payment is theirs to choose)."""
    kinds = {a["kind"] for a in seat_view(state, actor)["legal_actions"]}
    offered = [a for a in _TIMEOUT_ORDER if a in kinds][:1]
    return {
        "seat": actor,
        "name": state.names[actor],
        "actions": [{"kind": a, "label": ACTION_LABELS[a], "key": new_key()} for a in offered],
    }
