"""Every worked example and rule statement of the Guts sheet (rules/guts.de.txt), with chips.

Names follow the sheet: Anna, Ben, Carla, Dan and Eva sit in that order and
Eva deals, so Anna is on the dealer's left. Shelby and Psycho Shelby, from
the same sheet, are in ``test_shelby.py``.
"""

from __future__ import annotations

from engine.cards import parse_cards
from engine.games.families.guts.json_io import settle_guts_json
from engine.games.families.guts.settle import (
    GHOST,
    Declare,
    GutsOptions,
    GutsOutcome,
    GutsSettlement,
    GutsTable,
    settle_guts_deal,
)
from engine.hands.showdown import HostRanking, ShownCards

ANNA, BEN, CARLA, DAN, EVA = range(5)
NAMES = {ANNA: "Anna", BEN: "Ben", CARLA: "Carla", DAN: "Dan", EVA: "Eva"}


def table(*, pot: int, reserve: int = 0, stack: int = 500) -> GutsTable:
    return GutsTable(
        pot=pot, reserve=reserve, stacks=dict.fromkeys(NAMES, stack), dealer=EVA, names=NAMES
    )


def ranking(*groups: tuple[int, ...]) -> HostRanking:
    return HostRanking(groups=groups)


def total(settled: GutsSettlement) -> int:
    return sum(settled.stacks.values()) + settled.pot + settled.reserve


def test_the_pot_of_10_example_with_cards() -> None:
    # "Im Pot liegen 10 Chips. Anna, Ben und Carla öffnen die Faust mit Chip, Dan und
    # Eva sind draußen. Anna zeigt 7-7, Ben A-K, Carla 3-3. Annas Siebenerpaar ist am
    # besten, sie bekommt die 10 Chips. Ben und Carla zahlen je 10, im nächsten Pot
    # liegen also 20."
    before = table(pot=10, stack=50)
    settled = settle_guts_deal(
        before,
        GutsOptions(),
        in_players=[ANNA, BEN, CARLA],
        showdown=ShownCards(
            hands={
                ANNA: parse_cards("7♠ 7♥"),
                BEN: parse_cards("A♦ K♣"),
                CARLA: parse_cards("3♠ 3♦"),
            }
        ),
    )
    assert settled.outcome is GutsOutcome.WON
    assert settled.showdown == ((ANNA,), (CARLA,), (BEN,))
    assert settled.takes == {ANNA: 10}
    assert settled.pays == {BEN: 10, CARLA: 10}
    assert settled.pot == 20
    assert settled.reserve == 0
    assert settled.stacks == {ANNA: 60, BEN: 40, CARLA: 40, DAN: 50, EVA: 50}
    assert settled.net == {ANNA: 10, BEN: -10, CARLA: -10, DAN: 0, EVA: 0}
    assert total(settled) == 5 * 50 + 10


def test_the_pot_of_10_example_as_the_host_ranks_it() -> None:
    settled = settle_guts_deal(
        table(pot=10, stack=50),
        GutsOptions(),
        in_players=[ANNA, BEN, CARLA],
        showdown=ranking((ANNA,), (CARLA,), (BEN,)),
    )
    assert (settled.takes, settled.pays, settled.pot) == ({ANNA: 10}, {BEN: 10, CARLA: 10}, 20)


def test_the_pot_of_10_example_through_json() -> None:
    answer = settle_guts_json(
        {
            "kind": "guts",
            "players": [{"name": n, "stack": 50} for n in NAMES.values()],
            "dealer": "Eva",
            "pot": 10,
            "in": ["Anna", "Ben", "Carla"],
            "showdown": {"cards": {"Anna": "7♠ 7♥", "Ben": "A♦ K♣", "Carla": "3♠ 3♦"}},
        }
    )
    assert answer["takes"] == {"Anna": 10}
    assert answer["pays"] == {"Ben": 10, "Carla": 10}
    assert answer["pot"] == 20
    assert answer["dealer"] == "Anna"  # "Nach jedem Spiel gibt der linke Nachbar."
    assert answer["reasons"] == [
        "hands shown: Anna: pair of sevens; Carla: pair of threes; Ben: high card, ace",
        "Anna has the best hand and takes the pot of 10",
        "Ben and Carla pay the pot, each 10",
        "the next pot is 20",
    ]


def test_the_limit_example_pot_80_three_losers() -> None:
    # "Das Limit ist 100. Vier Spieler sind bei einem Pot von 80 drin. Der Gewinner
    # bekommt 80, die drei Verlierer zahlen je 80 - zusammen 240. Der neue Pot ist
    # 100, und 140 kommen in die Reserve."
    settled = settle_guts_deal(
        table(pot=80),
        GutsOptions(limit=100),
        in_players=[ANNA, BEN, CARLA, DAN],
        showdown=ranking((BEN,), (ANNA,), (CARLA,), (DAN,)),
    )
    assert settled.takes == {BEN: 80}
    assert settled.pays == {ANNA: 80, CARLA: 80, DAN: 80}
    assert sum(settled.pays.values()) == 240
    assert settled.pot == 100
    assert settled.reserve == 140
    assert total(settled) == 5 * 500 + 80


def test_the_reserve_refills_each_pot_won_alone() -> None:
    # "Das nächste Spiel geht um das Limit; ist dieser Pot gewonnen, bilden Chips aus
    # der Reserve den neuen Pot." Ruling 14: "each later pot won alone refills from
    # the reserve". After pot 100 / reserve 140: 100 / 40, then 40 / 0, then empty.
    options = GutsOptions(limit=100)
    current = table(pot=100, reserve=140)
    seen = []
    for winner in (ANNA, BEN, CARLA):
        settled = settle_guts_deal(current, options, in_players=[winner])
        assert settled.outcome is GutsOutcome.ALONE
        seen.append((settled.takes[winner], settled.pot, settled.reserve))
        current = settled.next_table
    assert seen == [(100, 100, 40), (100, 40, 0), (40, 0, 0)]
    # "Ist der Pot leer, zahlt jeder das Ante ein."
    settled = settle_guts_deal(current, options, in_players=[DAN])
    assert settled.antes == dict.fromkeys(NAMES, 1)
    assert settled.takes == {DAN: 5}
    assert (settled.pot, settled.reserve) == (0, 0)


def test_a_full_pot_lost_again_feeds_the_reserve() -> None:
    # The limit pot of 100 lost by two players: 200 new chips plus the reserve of 140
    # make 340: the pot is 100 again and 240 wait.
    settled = settle_guts_deal(
        table(pot=100, reserve=140),
        GutsOptions(limit=100),
        in_players=[ANNA, BEN, CARLA],
        showdown=ranking((CARLA,), (ANNA, BEN)),
    )
    assert settled.takes == {CARLA: 100}
    assert (settled.pot, settled.reserve) == (100, 240)


def test_an_empty_pot_means_everyone_antes_first() -> None:
    # "Ist der Pot leer, zahlt jeder das Ante ein." The losers then pay the pot with
    # the antes in it.
    settled = settle_guts_deal(
        table(pot=0),
        GutsOptions(ante=2),
        in_players=[ANNA, BEN],
        showdown=ranking((BEN,), (ANNA,)),
    )
    assert settled.antes == dict.fromkeys(NAMES, 2)
    assert settled.takes == {BEN: 10}
    assert settled.pays == {ANNA: 10}
    assert settled.pot == 10
    assert settled.net == {ANNA: -12, BEN: 8, CARLA: -2, DAN: -2, EVA: -2}


def test_only_one_in_takes_the_pot_without_showing() -> None:
    # "Nur einer ist drin: Er bekommt den ganzen Pot, ohne seine Karten zu zeigen.
    # Der Pot ist jetzt leer."
    settled = settle_guts_deal(table(pot=20), GutsOptions(), in_players=[DAN])
    assert settled.outcome is GutsOutcome.ALONE
    assert settled.showdown == ()
    assert settled.takes == {DAN: 20}
    assert settled.pot == 0


def test_nobody_in_the_pot_stays_and_everyone_antes_again() -> None:
    # "Keiner ist drin: Der Pot bleibt fürs nächste Spiel liegen. Viele spielen, dass
    # dann jeder noch einmal das Ante einzahlt." (ruling 14 makes it the default)
    settled = settle_guts_deal(table(pot=20), GutsOptions(), in_players=[])
    assert settled.outcome is GutsOutcome.NOBODY_IN
    assert settled.antes == dict.fromkeys(NAMES, 1)
    assert settled.pot == 25


def test_nobody_in_without_the_second_ante() -> None:
    settled = settle_guts_deal(table(pot=20), GutsOptions(ante_when_nobody_in=False), in_players=[])
    assert settled.antes == {}
    assert settled.pot == 20
    assert settled.movements == ()


def test_who_was_out_wins_nothing_and_pays_nothing() -> None:
    # "Wer draußen war, gewinnt nichts und zahlt nichts."
    settled = settle_guts_deal(
        table(pot=30),
        GutsOptions(),
        in_players=[BEN, CARLA],
        showdown=ranking((CARLA,), (BEN,)),
    )
    assert settled.net[ANNA] == settled.net[DAN] == settled.net[EVA] == 0


def test_tied_best_hands_split_the_pot() -> None:
    # "Haben mehrere die gleiche beste Hand, teilen sie den Pot." Ruling 14: tied
    # best hands pay nothing; ruling 9: the odd chip to the first from the dealer's left.
    settled = settle_guts_deal(
        table(pot=11),
        GutsOptions(),
        in_players=[ANNA, CARLA, DAN],
        showdown=ShownCards(
            hands={
                ANNA: parse_cards("K♠ 9♥"),
                CARLA: parse_cards("K♦ 9♣"),
                DAN: parse_cards("Q♠ B♠"),
            }
        ),
    )
    assert settled.outcome is GutsOutcome.SPLIT
    assert settled.takes == {ANNA: 6, CARLA: 5}
    assert settled.pays == {DAN: 11}
    assert settled.pot == 11


def test_the_pot_empties_when_everyone_in_ties() -> None:
    # "Leer wird der Pot nur, wenn ihn jemand allein gewinnt (oder alle, die drin
    # waren, gleich gute Hände haben)."
    settled = settle_guts_deal(
        table(pot=12), GutsOptions(), in_players=[BEN, DAN], showdown=ranking((BEN, DAN))
    )
    assert settled.takes == {BEN: 6, DAN: 6}
    assert settled.pays == {}
    assert settled.pot == 0


def test_a_pair_beats_two_unequal_cards_and_suits_do_not_count() -> None:
    # "Jedes Paar schlägt zwei ungleiche Karten. ... zuerst nach der höheren Karte; ist
    # sie gleich, entscheidet die niedrigere. Hände mit denselben Werten sind gleich."
    settled = settle_guts_deal(
        table(pot=10),
        GutsOptions(),
        in_players=[ANNA, BEN, CARLA, DAN],
        showdown=ShownCards(
            hands={
                ANNA: parse_cards("2♠ 2♥"),
                BEN: parse_cards("A♠ K♥"),
                CARLA: parse_cards("A♦ D♣"),
                DAN: parse_cards("A♣ K♦"),
            }
        ),
    )
    assert settled.showdown == ((ANNA,), (BEN, DAN), (CARLA,))


# ---------------------------------------------------------------- the sheet's variants


def test_declaring_in_turn_the_dealer_takes_the_pot_if_all_before_are_out() -> None:
    # "sind aber alle vor dem Geber draußen, bekommt der Geber den Pot."
    settled = settle_guts_deal(table(pot=15), GutsOptions(declare=Declare.IN_TURN), in_players=[])
    assert settled.outcome is GutsOutcome.DEALER_BY_DEFAULT
    assert settled.takes == {EVA: 15}
    assert settled.antes == {}
    assert settled.pot == 0


def test_declaring_in_turn_otherwise_plays_like_guts() -> None:
    settled = settle_guts_deal(
        table(pot=15),
        GutsOptions(declare=Declare.IN_TURN),
        in_players=[BEN, EVA],
        showdown=ranking((BEN,), (EVA,)),
    )
    assert settled.outcome is GutsOutcome.WON
    assert (settled.takes, settled.pays) == ({BEN: 15}, {EVA: 15})


def test_dropping_cards_settles_like_opening_fists() -> None:
    # "Fallenlassen: ... wer draußen sein will, lässt seine Karten fallen."
    def play(declare: Declare) -> GutsSettlement:
        return settle_guts_deal(
            table(pot=15),
            GutsOptions(declare=declare),
            in_players=[BEN, EVA],
            showdown=ranking((EVA,), (BEN,)),
        )

    assert play(Declare.DROP) == play(Declare.AT_ONCE)


def test_only_one_loser_the_weakest_hand_pays_and_everyone_antes_every_deal() -> None:
    # "Nur die schwächste Hand unter denen, die drin waren, zahlt den Pot nach; dafür
    # zahlt jeder in jedem Spiel das Ante."
    settled = settle_guts_deal(
        table(pot=20),
        GutsOptions(one_loser_pays=True),
        in_players=[ANNA, BEN, CARLA],
        showdown=ranking((CARLA,), (ANNA,), (BEN,)),
    )
    assert settled.antes == dict.fromkeys(NAMES, 1)
    assert settled.takes == {CARLA: 25}
    assert settled.pays == {BEN: 25}
    assert settled.pot == 25


def test_no_split_tied_best_hands_win_and_pay_nothing_and_the_pot_stays() -> None:
    # "Kein Teilen: Bei gleich guten besten Händen gewinnen und zahlen die Beteiligten
    # nichts; der Pot bleibt fürs nächste Spiel."
    settled = settle_guts_deal(
        table(pot=20),
        GutsOptions(no_split=True),
        in_players=[ANNA, BEN],
        showdown=ranking((ANNA, BEN)),
    )
    assert settled.outcome is GutsOutcome.TIE_NO_SPLIT
    assert settled.takes == settled.pays == {}
    assert settled.pot == 20


def test_ghost_hand_must_be_beaten() -> None:
    # "Geisterhand: ... Um zu gewinnen, musst du auch sie schlagen; gewinnt sie, zahlen
    # alle, die drin waren, den Pot nach."
    options = GutsOptions(ghost_hand=True)
    settled = settle_guts_deal(
        table(pot=20),
        options,
        in_players=[ANNA, BEN],
        showdown=ShownCards(
            hands={
                ANNA: parse_cards("K♠ 9♥"),
                BEN: parse_cards("10♦ 8♣"),
                GHOST: parse_cards("5♠ 5♦"),
            }
        ),
    )
    assert settled.outcome is GutsOutcome.GHOST_WON
    assert settled.takes == {}
    assert settled.pays == {ANNA: 20, BEN: 20}
    assert settled.pot == 60


def test_ghost_hand_beaten_plays_like_guts() -> None:
    settled = settle_guts_deal(
        table(pot=20),
        GutsOptions(ghost_hand=True),
        in_players=[ANNA, BEN],
        showdown=ranking((BEN,), (GHOST,), (ANNA,)),
    )
    assert (settled.takes, settled.pays, settled.pot) == ({BEN: 20}, {ANNA: 20}, 20)


def test_three_card_guts_counts_straights_and_flushes() -> None:
    # "Guts mit drei Karten: ... Drilling, Straight Flush, Straße, Flush, Paar, höchste
    # Karte (manche werten den Straight Flush über dem Drilling oder den Flush über der
    # Straße)."
    hands = {
        ANNA: parse_cards("2♠ 2♥ 2♦"),
        BEN: parse_cards("5♣ 6♣ 7♣"),
        CARLA: parse_cards("A♦ 2♣ 3♥"),
        DAN: parse_cards("9♥ 4♥ K♥"),
    }
    standard = settle_guts_deal(
        table(pot=10),
        GutsOptions(three_cards=True),
        in_players=list(hands),
        showdown=ShownCards(hands=hands),
    )
    assert standard.showdown == ((ANNA,), (BEN,), (CARLA,), (DAN,))
    house = settle_guts_deal(
        table(pot=10),
        GutsOptions(three_cards=True, straight_flush_over_trips=True, flush_over_straight=True),
        in_players=list(hands),
        showdown=ShownCards(hands=hands),
    )
    assert house.showdown == ((BEN,), (ANNA,), (DAN,), (CARLA,))
