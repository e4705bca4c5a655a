"""The engine's errors of a recorded hand (cards typed, chips put in, the showdown,
Guts deals and Shelby rounds, the chips' settlement), by code.

Each English text is the engine's own sentence with its parameters as
``%(name)s`` placeholders; :mod:`.errors` fills them in the page's language.
"""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_lazy as _

from gamenight.engine_words.message import Message, by

CARD_MESSAGES: Final[dict[str, Message]] = {
    "card_not_a_rank": _("'%(token)s' is not a rank (2-10, J/B, Q/D, K, A)"),
    "card_too_short": _("'%(token)s' is not a card: write a rank and a suit, like As or D♠"),
    "card_unknown_rank": _(
        "'%(token)s' is not a card: unknown rank '%(rank)s' (2-10, J/B, Q/D, K, A)"
    ),
    "card_unknown_suit": _(
        "'%(token)s' is not a card: unknown suit '%(suit)s' (s h d c or ♠ ♥ ♦ ♣)"
    ),
    "card_typed_twice": _("'%(token)s' is the same card as '%(first)s': a deck has each card once"),
    "card_rank_used_up": _("'%(token)s': all four cards of that rank are already taken"),
    "card_twice": _("%(card)s appears twice"),
    "card_no_such": _("no card has rank %(rank)s and suit %(suit)s"),
    "card_code": _("%(number)s is not a card code (0 to 51)"),
    "card_not_a_code": _("'%(token)s' is not a card"),
    "hand_empty": _("a hand needs at least one card"),
    "hand_too_short": _("this hand needs at least %(wanted)s cards, not %(count)s"),
    "shows_no_cards": _("%(name)s shows no cards"),
    "omaha_hole_count": _("Omaha needs at least %(wanted)s hole cards, not %(count)s"),
    "omaha_hand_short": _("an Omaha hand needs two hole cards and three board cards"),
    "omaha_card_count": _(
        "an Omaha hand is %(hole)s hole cards and a board of 3 to 5 cards, not %(cards)s cards "
        "in all"
    ),
    "holdem_card_count": _(
        "a Hold'em hand is 2 hole cards and a board of up to 5, not %(hole)s and %(board)s"
    ),
}

# The card counts of a showdown (engine.hands.size) and the showdown's players.
SHOWDOWN_MESSAGES: Final[dict[str, Message]] = {
    # Sequence high/low recorded at the table (engine.table_hand.declared).
    "declared_word_unknown": _("%(name)s declared %(declared)s: declare high, low or both"),
    "declared_nothing": _(
        "%(names)s showed cards but declared nothing: enter high, low or both for each hand shown"
    ),
    "declare_folded_player": _("%(name)s folded: leave %(name)s's declaration out"),
    "declare_not_in_game": _(
        "%(game)s is not played high/low with declaration tonight: leave the declarations out"
    ),
    "declare_needs_cards": _(
        "%(game)s high/low with declaration is settled from the cards shown: enter each "
        "hand's cards and declaration"
    ),
    # Jack the Shifter recorded after a switch (engine.table_hand.jack).
    "switch_not_jack": _(
        "Only a jack of Jack the Shifter switches a hand to another game, not one of %(game)s"
    ),
    "switch_unknown": _("A jack cannot switch the hand to %(target)s"),
    "switch_not_allowed": _("%(game)s is not on the group's list of games a jack may switch to"),
    "hand_size": _("%(name)s shows %(count)s cards: %(game)s takes %(wanted)s"),
    "hand_size_range": _("%(name)s shows %(count)s cards: %(game)s takes %(fewest)s to %(most)s"),
    "hand_size_walks": _(
        "%(name)s shows %(count)s cards: %(game)s takes %(dealt)s, and one more for each "
        "%(rank)s that brought an extra card (%(name)s shows %(walk_cards)s of them: "
        "at most %(most)s)"
    ),
    "hand_size_bought": _(
        "%(name)s bought the walk but shows %(count)s cards: %(game)s takes at least "
        "%(fewest)s then"
    ),
    "hand_size_not_bought": _(
        "%(name)s shows %(count)s cards but bought no walk: with bought walks %(game)s "
        "takes %(dealt)s"
    ),
    "board_size": _("%(game)s has a board of %(wanted)s cards in the middle, not %(count)s"),
    "spit_card": _("%(game)s shares one card in the middle, the spit card, not %(count)s"),
    "no_shared_card": _(
        "%(game)s shares no card in the middle: leave the widow out of the cards and "
        "give its rank as the wild rank"
    ),
    "no_board": _(
        "%(game)s shares no card in the middle, not %(count)s: only Hold'em and Omaha have "
        "a board, and Spit in the Ocean its spit card"
    ),
    "shelby_hand_size": by(
        "has_extra",
        {
            True: _(
                "%(name)s shows %(count)s cards: in round %(round)s of %(game)s a player "
                "holds %(wanted)s (%(extra)s bought for 4s)"
            )
        },
        _(
            "%(name)s shows %(count)s cards: in round %(round)s of %(game)s a player holds "
            "%(wanted)s"
        ),
    ),
    "showdown_missing": _(
        "%(names)s are still in: enter the showdown (the cards or the host's ranking)"
    ),
    "showdown_leaves_out": by(
        "showdown",
        {"ranking": _("The ranking leaves out %(names)s, still in.")},
        _("The cards shown leave out %(names)s, still in."),
    ),
    "showdown_seat_not_seated": by(
        "showdown",
        {"ranking": _("the ranking names seat %(seat)s, who is not at the table")},
        _("the cards shown name seat %(seat)s, who is not at the table"),
    ),
    "showdown_names_twice": by(
        "showdown",
        {"ranking": _("the ranking names %(name)s twice")},
        _("the cards shown name %(name)s twice"),
    ),
    "showdown_names_folded": by(
        "showdown",
        {"ranking": _("%(name)s folded: leave %(name)s out of the ranking")},
        _("%(name)s folded: leave %(name)s out of the cards shown"),
    ),
    "showdown_seats_missing": _("no showdown result for seats %(seats)s"),
    "ranking_empty_place": _("the ranking has an empty place: every place needs a hand"),
    "ranking_seat_twice": _("seat %(seat)s is ranked twice"),
    "cards_not_ranked": _(
        "the cards of a %(game)s hand cannot be ranked: enter the host's ranking"
    ),
    "game_not_wild": _("%(game)s is not played with wild cards"),
    "wild_rank_missing": _("%(game)s: give the wild rank of the card in the middle"),
    "game_has_no_options": _("%(game)s has no house options: leave the options out"),
    "declaration_missing": _("seat %(seat)s has not declared high, low or both"),
    "declaration_unknown": _("seat %(seat)s declared %(declared)s: declare high, low or both"),
    "low_score_invalid": _("seat %(seat)s has a low score that is not a low"),
    "seat_order_missing": _("seat %(seat)s is missing from the seat order"),
}

# What each player put in (engine.table_hand.chips) and the chips' settlement.
CHIP_MESSAGES: Final[dict[str, Message]] = {
    "put_in_or_rounds": _(
        "give either what each player put in altogether (put_in) or the betting actions "
        "(rounds), not both and not neither"
    ),
    "put_in_missing": _(
        "put_in has no amount for %(names)s: give 0 for a player who put in nothing"
    ),
    "paid_beyond_fixed": _("%(name)s paid %(amount)s but the fixed payment is %(price)s"),
    "paid_beyond_cap": _("%(name)s paid %(amount)s but the pot payment is capped at %(price)s"),
    "paid_beyond_pot": _("%(name)s paid %(amount)s but the pot was only %(pot)s"),
    "paid_short_fixed": _(
        "%(name)s paid %(amount)s with %(stack)s chips left: the fixed payment is %(price)s, "
        "paid in full, or with every chip if the stack is shorter"
    ),
    "paid_short_capped": _(
        "%(name)s paid %(amount)s with %(stack)s chips left: the pot of %(pot)s is capped at "
        "%(price)s, paid in full, or with every chip if the stack is shorter"
    ),
    "paid_short_pot": _(
        "%(name)s paid %(amount)s with %(stack)s chips left: the pot of %(pot)s, paid in full, "
        "or with every chip if the stack is shorter"
    ),
    # Ruling 20: what the hand's game (under its house rules) cannot have charged.
    "pay_pot_option_off": _(
        "%(game)s: a face-up 3 costs nothing unless the house rule “pay the pot or fold” "
        "is on: leave %(name)s's pot payment out"
    ),
    "pay_pot_not_in_game": _("%(game)s has no pot payment: leave %(name)s's pot payment out"),
    "walk_not_in_game": _("%(game)s has no extra card to buy: leave %(name)s's walk out"),
    "walk_price": by(
        "by_street",
        {True: _("%(name)s bought the walk for %(amount)s but a walk costs %(prices)s by street")},
        _("%(name)s bought the walk for %(amount)s but the walk costs %(prices)s"),
    ),
    "put_in_below_dues": _("%(name)s put in %(total)s, less than the %(dues)s alone"),
    "seat_acts_not_seated": _("seat %(seat)s acts but is not at the table"),
    "action_amount_negative": _("%(name)s's %(verb)s of %(amount)s is negative"),
    "calls_no_bet": _("%(name)s calls but there is no bet to call"),
    "bets_bet_open": _("%(name)s bets but the bet is already %(bet)s: a raise?"),
    "raises_no_bet": _("%(name)s raises but nobody has bet: a bet?"),
    "all_in_stack_unknown": _(
        "%(name)s goes all-in but %(name)s's stack is unknown: give it with the players"
    ),
    "all_in_no_chips": _("%(name)s goes all-in with no chips left"),
    "call_beyond_owed": _("%(name)s calls %(amount)s but the call is %(chips)s"),
    "call_short": _(
        "%(name)s calls %(amount)s of %(owed)s with %(stack)s chips left: a call is for the "
        "whole amount unless all-in"
    ),
    "action_amount_below_one": _("%(name)s's %(verb)s needs an amount of at least 1"),
    "put_in_beyond_left": _("%(name)s would put in %(chips)s but has only %(stack)s left"),
    "rounds_with_payments": _(
        "with betting actions, record pot payments and walks as actions (pay_pot, buy_walk) "
        "where they happened"
    ),
    "hand_too_few": _("a hand needs at least two players"),
    "player_unnamed": _("every player needs a name"),
    "player_name_twice": _("two players are called %(name)s: give them different names"),
    "dealer_seat_not_seated": _("the dealer, seat %(seat)s, is not at the table"),
    "stack_negative": _("%(name)s's stack is %(amount)s: it cannot be negative"),
    "seat_listed_not_seated": _("seat %(seat)s is listed but is not at the table"),
    "put_in_negative": _("%(name)s put in %(amount)s: it cannot be negative"),
    "pot_payment_negative": _("%(name)s paid the pot with %(amount)s: it cannot be negative"),
    "walk_negative": _("%(name)s bought the walk for %(amount)s: it cannot be negative"),
    "folded_and_all_in": _("%(names)s cannot be both folded and all-in"),
    "put_in_beyond_stack": _("%(name)s put in %(total)s but had only %(stack)s"),
    "all_in_not_all": _("%(name)s is marked all-in but put in %(total)s of %(stack)s chips"),
    "everyone_folded": _("everyone folded: at least one player must still be in"),
    "put_in_below_call": _(
        "%(name)s put in %(total)s but the call is %(call)s: mark %(name)s folded or all-in"
    ),
    "pot_differs": _(
        "the pot is %(pot)s but the players put in %(total)s altogether: check the amounts"
    ),
    "seat_put_in_negative": _("seat %(seat)s put in %(amount)s: it cannot be negative"),
    "pot_negative": _("the pot is %(amount)s: it cannot be negative"),
    "reserve_negative": _("the reserve is %(amount)s: it cannot be negative"),
    "table_empty": _("nobody is at the table"),
    "dealer_not_seated": _("the dealer, %(name)s, is not at the table"),
    "was_in_not_seated": _("%(name)s was in but is not at the table"),
    "held_not_seated": _("%(name)s held but is not at the table"),
    "was_in_twice": _("%(name)s is listed twice among the players who were in"),
    "held_twice": _("%(name)s is listed twice among the players who held"),
    "move_negative": _("cannot move %(amount)s chips"),
    "move_beyond_balance": _("%(held)s chips are there, not %(amount)s"),
}

# Guts deals and Shelby rounds recorded at the table.
POT_GAME_MESSAGES: Final[dict[str, Message]] = {
    "nobody_can_ante": _("nobody at the table has chips left to ante — rebuy first"),
    "ante_beyond_stack": _(
        "%(name)s cannot ante: the ante is %(ante)s and %(name)s has %(stack)s — rebuy first"
    ),
    "guts_showdown_missing": _(
        "%(names)s were in: the showdown is missing (a ranking or their cards)"
    ),
    "guts_pot_above_limit": _(
        "the pot is %(pot)s but the limit is %(limit)s: chips above the limit belong in the reserve"
    ),
    "guts_showdown_twice": by(
        "showdown",
        {
            "ranking": _(
                "the ranking must name exactly the hands in the showdown (%(hands)s): it names "
                "%(names)s twice"
            )
        },
        _(
            "the cards shown must name exactly the hands in the showdown (%(hands)s): it "
            "names %(names)s twice"
        ),
    ),
    "guts_showdown_leaves_out": by(
        "showdown",
        {
            "ranking": _(
                "the ranking must name exactly the hands in the showdown (%(hands)s): it leaves "
                "out %(names)s"
            )
        },
        _(
            "the cards shown must name exactly the hands in the showdown (%(hands)s): it "
            "leaves out %(names)s"
        ),
    ),
    "guts_no_ghost": by(
        "showdown",
        {"ranking": _("the ranking names a ghost hand, but this deal has none")},
        _("the cards shown names a ghost hand, but this deal has none"),
    ),
    "guts_showdown_not_in": by(
        "showdown",
        {
            "ranking": _(
                "the ranking must name exactly the hands in the showdown (%(hands)s): it names "
                "%(names)s, not in the deal"
            )
        },
        _(
            "the cards shown must name exactly the hands in the showdown (%(hands)s): it "
            "names %(names)s, not in the deal"
        ),
    ),
    "guts_ante_below_one": _(
        "the ante is %(amount)s: it must be at least 1 chip, or an empty pot stays empty"
    ),
    "ante_below_one": _("the ante is %(amount)s: it must be at least 1 chip"),
    "limit_below_one": _("the limit is %(amount)s: it must be at least 1 chip"),
    "guts_orders_three_only": _("straight and flush orders only apply to three-card Guts"),
    "extra_card_price_negative": _(
        "the price of an extra card is %(amount)s: it cannot be negative"
    ),
    "psycho_no_limit": _(
        "Psycho Shelby has no limit: losers pay the whole pot as it was at the start of the round"
    ),
    "shelby_no_low_round": _(
        "Shelby has no low round: only Psycho Shelby's round 2 can count flushes"
    ),
    "shelby_showdown_missing": _(
        "%(names)s held: the showdown is missing (a ranking or their cards)"
    ),
    "shelby_no_such_round": _(
        "round %(round)s does not exist: %(game)s has rounds 1 to %(rounds)s"
    ),
    "shelby_pot_empty_mid_game": _(
        "the pot is empty in round %(round)s: a game starts in round 1, when everyone antes "
        "before the deal"
    ),
    "shelbys_not_seated": _("%(name)s has Shelbys but is not at the table"),
    "shelbys_negative": _("%(name)s has %(count)s Shelbys: it cannot be negative"),
    "shelbys_game_over": _(
        "%(name)s already has %(count)s Shelbys: that game is over, start a new one"
    ),
    "extra_cards_not_seated": _("%(name)s bought extra cards but is not at the table"),
    "extra_cards_negative": _("%(name)s bought %(count)s extra cards: it cannot be negative"),
    "extra_cards_not_sold": _(
        "%(names)s bought extra cards, but only Psycho Shelby's round %(last)s sells them "
        "(this is %(game)s, round %(round)s)"
    ),
    "extra_cards_beyond_fours": _(
        "%(name)s bought %(count)s extra cards but shows %(fours)s fours: each extra card is "
        "bought for a 4"
    ),
    "extra_cards_beyond_stack": _(
        "%(name)s cannot buy %(count)s extra cards: they cost %(cost)s and %(name)s has "
        "%(stack)s — rebuy first"
    ),
    # Baseball: a face-down 4 claimed at will (engine.games.steps.claims).
    "claim_not_in_game": _(
        "%(name)s cannot claim an extra card: in this game a face-down card is not "
        "revealed for one at will"
    ),
    "claim_folded": _("%(name)s cannot claim an extra card: %(name)s has folded"),
    "claim_no_card": _("%(name)s cannot claim an extra card: %(name)s holds no face-down %(rank)s"),
    "claim_waits": _("%(name)s cannot claim an extra card now: %(asked)s must answer first"),
    # Spit in the Ocean, "Spit!" at any moment of the deal.
    "spit_folded": _("%(name)s cannot call Spit: %(name)s has folded"),
    # Sequence high/low with declaration (engine.games.steps.hi_lo_declare).
    "declare_not_now": _("%(name)s cannot declare high, low or both: nobody is declaring now"),
    "declare_again": _("%(name)s has already declared: the first declaration stands"),
    "declare_folded": _("%(name)s cannot declare: %(name)s has folded"),
    # A finished digital hand replayed from its log (engine.games.replay).
    "replay_move": _("Move %(move)s of this hand cannot be played again: it cannot be replayed"),
    "replay_differs": _(
        "Played again from its log, this hand ends otherwise: it cannot be replayed"
    ),
    "replay_cards_unknown": _(
        "The log does not name every card dealt: this hand cannot be replayed"
    ),
}
