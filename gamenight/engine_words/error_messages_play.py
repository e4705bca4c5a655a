"""The engine's errors of a digital hand (betting, drawing, flipping, declaring, the
steps of the later families, seating a table, house options), by code.

Each English text is the engine's own sentence with its parameters as
``%(name)s`` placeholders; :mod:`.errors` fills them in the page's language.
"""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_lazy as _

from gamenight.engine_words.message import Message, by

PLAY_MESSAGES: Final[dict[str, Message]] = {
    # Any action out of turn or at the wrong moment ("Ben cannot call: ...").
    "no_such_seat": _("there is no seat %(seat)s at this table"),
    "act_folded": _("%(name)s cannot %(verb)s: %(name)s has folded"),
    "act_all_in": _("%(name)s cannot %(verb)s: %(name)s is all-in"),
    "act_round_over": _("%(name)s cannot %(verb)s: the betting round is over"),
    "act_not_your_turn": _("%(name)s cannot %(verb)s: it is %(actor)s's turn"),
    "act_hand_over": _("%(name)s cannot %(verb)s: the hand is over"),
    "act_no_betting": _("%(name)s cannot %(verb)s: nobody is betting now"),
    "act_waits_pay_pot": _("%(name)s cannot %(verb)s: %(asked)s must first pay the pot or fold"),
    "act_waits_walk": _(
        "%(name)s cannot %(verb)s: %(asked)s must first buy or decline the extra card"
    ),
    "act_nobody_declaring": _("%(name)s cannot %(verb)s: nobody is declaring now"),
    "act_decides_first": _("%(name)s cannot %(verb)s: %(actor)s decides first"),
    "not_asked_pay_pot": _(
        "%(name)s cannot %(verb)s: %(name)s was not asked to; only a face-up 3 asks for the pot"
    ),
    "not_asked_walk": _(
        "%(name)s cannot %(verb)s: %(name)s was not asked to; nobody is offered an extra card"
    ),
    "action_unknown": _("there is no action %(action)s"),
    "amount_missing": _("a bet or a raise needs an amount"),
    "action_needs_choice": _("%(action)s needs a choice"),
    "left_already": _("%(name)s has already left the hand"),
    "leave_not_now": _(
        "%(name)s cannot leave during a hand of %(game)s: its chips are settled only at the end"
    ),
    # Betting (engine.betting.round).
    "check_bet_open": _("%(name)s cannot check: the bet is %(bet)s"),
    "check_bet_open_has": _(
        "%(name)s cannot check: the bet is %(bet)s and %(name)s has %(has)s in it"
    ),
    "call_no_bet": _("%(name)s cannot call: there is no bet to call; check instead"),
    "fold_no_bet": _("%(name)s cannot fold: there is no bet to call; check instead"),
    "check_bring_in": _("%(name)s cannot check: %(name)s must bring it in for %(amount)s or bet"),
    "fold_bring_in": _("%(name)s cannot fold: %(name)s must bring it in for %(amount)s or bet"),
    "bring_in_not_due": _(
        "%(name)s cannot bring it in: only the first player of third street does"
    ),
    "bet_already_open": _("%(name)s cannot bet: the bet is already %(bet)s; raise instead"),
    "raise_no_bet": _("%(name)s cannot raise: nobody has bet; bet instead"),
    "raise_capped": by(
        "cap",
        {
            1: _("%(name)s cannot raise: the round is capped at %(cap)s raise"),
        },
        _("%(name)s cannot raise: the round is capped at %(cap)s raises"),
    ),
    "raise_not_reopened": _(
        "%(name)s cannot raise: the all-in since %(name)s's last turn was less than a full "
        "raise, which does not reopen the betting; call or fold"
    ),
    "raise_stack_short": _(
        "%(name)s cannot raise: %(stack)s chips do not cover the call of %(owed)s; "
        "call all-in or fold"
    ),
    "bet_nobody_to_call": _("%(name)s cannot %(verb)s: nobody else still in has chips to call it"),
    "bet_below_one": by(
        "verb",
        {"bet": _("%(name)s cannot bet %(amount)s: it must be at least 1 chip")},
        _("%(name)s cannot raise %(amount)s: it must be at least 1 chip"),
    ),
    "bet_beyond_stack": by(
        "verb",
        {
            "bet": _(
                "%(name)s cannot bet %(amount)s: that takes %(chips)s chips and %(name)s has "
                "%(stack)s"
            )
        },
        _(
            "%(name)s cannot raise %(amount)s: that takes %(chips)s chips and %(name)s has "
            "%(stack)s"
        ),
    ),
    "bet_size_fixed": by(
        "verb",
        {"bet": _("%(name)s cannot bet %(amount)s: bets are exactly %(size)s")},
        _("%(name)s cannot raise %(amount)s: raises are exactly %(size)s"),
    ),
    "bet_size_spread": by(
        "verb",
        {"bet": _("%(name)s cannot bet %(amount)s: bets are %(low)s to %(high)s")},
        _("%(name)s cannot raise %(amount)s: raises are %(low)s to %(high)s"),
    ),
    "bet_size_pot": by(
        "verb",
        {"bet": _("%(name)s cannot bet %(amount)s: bets are %(low)s to %(high)s (pot limit)")},
        _("%(name)s cannot raise %(amount)s: raises are %(low)s to %(high)s (pot limit)"),
    ),
    "bet_size_no_limit": by(
        "verb",
        {"bet": _("%(name)s cannot bet %(amount)s: bets are at least %(low)s")},
        _("%(name)s cannot raise %(amount)s: raises are at least %(low)s"),
    ),
    "round_too_few": _("a betting round needs at least two players"),
    "round_seats_differ": _("stacks, put_in and names must have one entry per seat"),
    "round_negative_stack": _("%(name)s's stack is %(amount)s: it cannot be negative"),
    "round_negative_put_in": _("%(name)s's amount put in is %(amount)s: it cannot be negative"),
    "round_no_opener": _("the opener must be a seat from 0 to %(last)s, not %(seat)s"),
    "round_negative_cap": _("the raise cap cannot be negative (%(cap)s)"),
    "round_negative_bring_in": _("the bring-in is %(amount)s: it cannot be negative"),
    "round_no_seat_to_fold": _("there is no seat %(seat)s to mark folded"),
    "round_not_over": _("the betting round is not over yet"),
    "limit_smallest_below_one": _("the smallest bet must be at least 1 chip, not %(amount)s"),
    "limit_fixed_below_one": _("the fixed bet must be at least 1 chip, not %(amount)s"),
    "limit_largest_below_smallest": _("the largest bet (%(high)s) is below the smallest (%(low)s)"),
    "nobody_opens": _("nobody is left to open the betting"),
    "showing_seats_unknown": _("the showing hands name seats that are not at the table"),
    "dealer_no_seat": _("the dealer must be a seat from 0 to %(last)s, not %(seat)s"),
    "ante_negative": _("the ante is %(amount)s: it cannot be negative"),
    # Blinds for Hold'em and Omaha (engine.betting.blinds).
    "blinds_not_chips": _("blinds and antes are whole numbers of chips"),
    "blinds_small_below_one": _("the small blind must be at least 1 chip, not %(amount)s"),
    "blinds_big_below_small": _("the big blind (%(big)s) is below the small blind (%(small)s)"),
    "blinds_not_for_game": _("%(game)s is played with antes: only Hold'em and Omaha take blinds"),
    # Drawing, flipping, the deck.
    "draw_not_now": _("%(name)s cannot draw: nobody is drawing now"),
    "draw_card_not_held": _("%(name)s cannot throw away %(card)s: it is not in their hand"),
    "draw_not_a_card": _("%(name)s cannot throw away %(card)s: it is not in their hand"),
    "draw_card_twice": _("%(name)s cannot throw away the same card twice"),
    "draw_too_many": _("%(name)s cannot draw %(count)s: at most %(most)s cards"),
    "draw_too_many_ace": _(
        "%(name)s cannot draw %(count)s: at most %(most)s cards, one more when keeping an ace"
    ),
    "flip_betting_first": _("%(name)s cannot flip now: finish the betting first"),
    "flip_nobody": _("%(name)s cannot flip: nobody flips cards in this game now"),
    "deck_empty": _("the deck ran out of cards"),
    "step_stuck": _("the hand waits, but for nobody"),
    # Guts and Shelby, declared in the digital hand.
    "declare_hold_or_drop": _(
        "%(name)s cannot %(verb)s: in this game players hold or drop the cards"
    ),
    "declare_in_or_out": _("%(name)s cannot %(verb)s: in this game players declare in or out"),
    "declared_already": _("%(name)s has already declared"),
    "decided_already": _("%(name)s has already decided this round"),
    "in_beyond_stack": _(
        "%(name)s cannot be in: the pot is %(pot)s and %(name)s has %(stack)s — rebuy first"
    ),
    "hold_beyond_stack": _(
        "%(name)s cannot hold: a loser pays %(payment)s and %(name)s has %(stack)s — rebuy first"
    ),
    "hold_beyond_stack_keep": _(
        "%(name)s cannot hold: a loser pays %(payment)s and keeps %(keep)s for the antes "
        "still to come, and %(name)s has %(stack)s — rebuy first"
    ),
    "antes_beyond_stack": _(
        "%(name)s has %(stack)s chips but this deal may ask for %(need)s in antes — rebuy first"
    ),
    "ante_leaves_nobody": _(
        "after the ante of %(ante)s nobody has a chip left to play with — rebuy first"
    ),
    "extra_card_not_offered": _(
        "%(name)s cannot %(verb)s: only a 4 in Psycho Shelby's last round buys one, and "
        "%(name)s is not offered one now"
    ),
    "shelbys_in_play": _(
        "%(name)s has %(count)s Shelbys: a game in play has 0 to %(most)s (a third ends it)"
    ),
    # Spit in the Ocean with calls, Jack the Shifter.
    "spit_not_your_turn": _("%(name)s cannot %(verb)s: it is %(actor)s's turn to call or pass"),
    "spit_called_already": _("%(name)s cannot call Spit: the spit card is already in the middle"),
    "spit_called_by": _(
        "%(name)s cannot call Spit: the spit card is already in the middle (%(caller)s called it)"
    ),
    "spit_nobody_asked": _(
        "%(name)s cannot %(verb)s: nobody is asked now; Spit! is called while the cards "
        "are dealt, before the spit card is turned"
    ),
    "switch_no_jack": _(
        "%(name)s cannot switch the game: only the player just dealt a face-up jack, or one "
        "showing a face-down jack before the last betting round, may"
    ),
    "switch_no_down_jack": _("%(name)s cannot switch the game: %(name)s has no face-down jack"),
    "switch_same_game": _("%(name)s cannot switch to %(game)s: it is already played"),
    "switch_not_agreed": _("%(name)s cannot switch to %(game)s: the games agreed on are %(games)s"),
    "keep_not_offered": _("%(name)s cannot keep the game: %(name)s was not offered a switch"),
    # Seating a digital table, its house options, its odds.
    "seating_stacks_differ": _("the names and the stacks do not match: give one stack a player"),
    "seating_players": _("%(game)s is for %(fewest)s to %(most)s players, not %(count)s"),
    "seating_deck_short": _("one deck is not enough for %(count)s players of %(game)s"),
    "seating_deck_short_ghost": _("one deck is not enough for %(count)s players and a ghost hand"),
    "seating_no_chips": _("%(name)s has no chips left and cannot be dealt in"),
    "game_unknown": _("there is no game %(game)s"),
    "option_unknown": _("%(game)s has no option %(option)s"),
    "option_yes_no": _("%(game)s: %(option)s is yes or no, not %(value)s"),
    "option_up_down": _("%(game)s: %(option)s is up or down, not %(value)s"),
    "option_choice": _("%(option)s: %(value)s is not one of the choices"),
    "option_chips": _("%(game)s: %(option)s is a whole number of chips or none, not %(value)s"),
    # Ruling 20: a fixed pot payment replaces paying the pot, so a cap is pointless.
    "option_overrides": _(
        "%(game)s: “%(overridden)s” has no effect with “%(option)s”: leave one of them empty"
    ),
    "ante_missing": _("%(game)s: every game needs an ante of at least 1 chip"),
    "odds_not_high": _("odds are worked out for high-hand games, not %(game)s"),
    "odds_no_trial": _("odds need at least one trial, not %(count)s"),
    "odds_deck_short": _("more unseen cards are needed than the deck has left"),
    # A saved hand that cannot be read back: nothing the reader can fix.
    "saved_state_broken": _("the saved hand cannot be read: ask the host to deal a new one"),
}
