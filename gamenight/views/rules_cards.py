"""A short rules card for each game, in German and English, one tap from the night page."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from gamenight.forms.nights import all_games, game_label
from gamenight.http import HtmxHttpRequest
from gamenight.request_numbers import whole_number
from gamenight.views.groups import render_page


def has_rules_card(game: str) -> bool:
    """Whether ``game`` has a rules card (the catalogue test asks this of every game)."""
    return game in RULES


def rules_text(game: str, language: str | None) -> list[str]:
    texts = RULES[game]
    lang = "de" if (language or "").startswith("de") else "en"
    return texts[lang]


@require_GET
@vary_on_headers("HX-Request")
def rules_card(request: HtmxHttpRequest, game: str) -> HttpResponse:
    if game not in RULES or game not in all_games():
        raise Http404("no such game")
    context = {
        "game": game,
        "label": game_label(game),
        "paragraphs": rules_text(game, get_language()),
        "games": [(g, game_label(g)) for g in all_games() if g in RULES],
        "night_id": whole_number(request.GET.get("night")),
    }
    return render_page(request, "rules/card.html", context)


# Each card: a few short paragraphs. German texts summarise the German rule
# sheets (shared/rules/*.de.txt), English ones the English page and RULINGS.md.
_STUD_EN = (
    "Seven-card stud: two cards down and one up, three more up, one down; a betting round after "
    "each up card and after the last; best five of seven wins."
)
_STUD_DE = (
    "Seven-Card-Stud: zwei Karten verdeckt und eine offen, dann drei offene, zuletzt eine "
    "verdeckte; nach jeder offenen und nach der letzten Karte wird gesetzt; die besten fünf von "
    "sieben Karten gewinnen."
)

RULES: dict[str, dict[str, list[str]]] = {
    "seven-card-stud": {
        "en": [_STUD_EN, "No wild cards. The best showing hand opens each betting round."],
        "de": [_STUD_DE, "Keine wilden Karten. Die beste offene Hand eröffnet jede Setzrunde."],
    },
    "baseball": {
        "en": [
            _STUD_EN,
            "3s and 9s are wild.",
            (
                "A face-up 3: pay the pot (the chips in it at that moment) or fold, before the "
                "next card."
            ),
            "A face-up 4: an extra card face down at once.",
        ],
        "de": [
            _STUD_DE,
            "3er und 9er sind wild.",
            (
                "Eine offene 3: den Pot nachzahlen (so viel, wie gerade darin liegt) oder "
                "aussteigen, vor der nächsten Karte."
            ),
            "Eine offene 4: sofort eine Extrakarte verdeckt.",
        ],
    },
    "football": {
        "en": [_STUD_EN, "3s and 6s are wild; a face-up 2 gives an extra card."],
        "de": [_STUD_DE, "3er und 6er sind wild; eine offene 2 bringt eine Extrakarte."],
    },
    "woolworth": {
        "en": [_STUD_EN, "5s and 10s are wild; a face-up 2 gives an extra card."],
        "de": [_STUD_DE, "5er und 10er sind wild; eine offene 2 bringt eine Extrakarte."],
    },
    "rainy-day-baseball": {
        "en": [
            "Baseball (3s and 9s wild, a face-up 3: pay the pot or fold, a face-up 4: extra card).",
            "A face-up queen of spades voids the deal: redeal, the pot stays.",
        ],
        "de": [
            (
                "Baseball (3er und 9er wild, offene 3: Pot nachzahlen oder aussteigen, offene 4: "
                "Extrakarte)."
            ),
            "Eine offene Pik-Dame macht das Spiel ungültig: neu geben, der Pot bleibt.",
        ],
    },
    "night-baseball": {
        "en": [
            "Another name for No-Peek Baseball: seven cards face down, nobody looks.",
            (
                "Flip until your cards beat the best showing hand, then bet. 3s and 9s wild; a "
                "flipped 4 gives an extra card."
            ),
        ],
        "de": [
            "Anderer Name für No-Peek Baseball: sieben Karten verdeckt, niemand schaut.",
            (
                "Aufdecken, bis die eigenen Karten die beste offene Hand schlagen, dann wird "
                "gesetzt. 3er und 9er wild; eine aufgedeckte 4 bringt eine Extrakarte."
            ),
        ],
    },
    "no-peek": {
        "en": [
            "Seven cards face down each; nobody looks at them.",
            (
                "Left of the dealer flips one and opens the betting. Then each player still in "
                "flips until their showing cards beat the best showing hand, and opens a betting "
                "round."
            ),
            "Flipped everything and still behind: out. Best hand when all is shown wins.",
        ],
        "de": [
            "Jeder bekommt sieben Karten verdeckt und schaut sie nicht an.",
            (
                "Links vom Geber deckt einer auf und eröffnet die Setzrunde. Dann deckt jeder, der"
                " noch drin ist, auf, bis seine offenen Karten die beste offene Hand schlagen, und"
                " eröffnet eine Setzrunde."
            ),
            (
                "Wer alles aufgedeckt hat und immer noch hinten liegt, ist raus. Am Ende gewinnt "
                "die beste Hand."
            ),
        ],
    },
    "no-peek-baseball": {
        "en": [
            "No Peek with Baseball's wild cards: 3s and 9s are wild.",
            "Flipping a 4 puts an extra face-down card on your pile.",
            (
                "Flip until you beat the best showing hand, then bet; the best hand at the end "
                "wins, ties split."
            ),
        ],
        "de": [
            "No Peek mit den wilden Karten von Baseball: 3er und 9er sind wild.",
            "Wer eine 4 aufdeckt, bekommt eine Extrakarte verdeckt auf seinen Stapel.",
            (
                "Aufdecken, bis man die beste offene Hand schlägt, dann wird gesetzt; am Ende "
                "gewinnt die beste Hand, bei Gleichstand wird geteilt."
            ),
        ],
    },
    "mexican-sweat": {
        "en": [
            "No Peek with one card face up in the middle that must be beaten first.",
            "A player who flips a card of its rank folds at once.",
        ],
        "de": [
            "No Peek mit einer offenen Karte in der Mitte, die zuerst geschlagen werden muss.",
            "Wer eine Karte ihres Werts aufdeckt, steigt sofort aus.",
        ],
    },
    "spit-in-the-ocean": {
        "en": [
            (
                "Four cards each; the spit card face up in the middle is everyone's fifth card and"
                " wild, with the three others of its rank."
            ),
            "Betting, one draw of 0 to 4 cards, betting at doubled limits, showdown.",
        ],
        "de": [
            (
                "Jeder bekommt vier Karten; die Spuckkarte offen in der Mitte ist jedermanns "
                "fünfte Karte und wild, mit den drei anderen ihres Werts."
            ),
            "Setzen, einmal 0 bis 4 Karten tauschen, setzen mit doppeltem Limit, Aufdecken.",
        ],
    },
    "wild-widow": {
        "en": [
            (
                "Five-card draw with a widow card in the middle: the three other cards of its rank"
                " are wild."
            ),
            "Betting, one draw, betting, showdown.",
        ],
        "de": [
            (
                "Five-Card-Draw mit einer Witwe in der Mitte: die drei anderen Karten ihres Werts "
                "sind wild."
            ),
            "Setzen, einmal tauschen, setzen, Aufdecken.",
        ],
    },
    "five-card-draw": {
        "en": [
            "Five cards each, betting, one draw of 0 to 4 cards, betting, showdown. No wild cards."
        ],
        "de": [
            (
                "Jeder bekommt fünf Karten, setzen, einmal 0 bis 4 Karten tauschen, setzen, "
                "Aufdecken. Keine wilden Karten."
            )
        ],
    },
    "guts": {
        "en": [
            "Pot empty: everyone antes. Two cards each; everyone declares in or out at once.",
            (
                "Two or more in: the best hand takes the pot, every other player who was in pays "
                "the pot amount; those payments make the next pot. One in: takes the pot. Nobody "
                "in: the pot stays, everyone antes again."
            ),
            (
                "A pair beats no pair, then the higher card, then the lower. The limit caps the "
                "pot; the rest waits in the reserve."
            ),
        ],
        "de": [
            (
                "Ist der Pot leer, zahlt jeder das Ante. Jeder bekommt zwei Karten; alle sagen "
                "gleichzeitig drin oder draußen an."
            ),
            (
                "Zwei oder mehr drin: die beste Hand gewinnt den Pot, jeder andere, der drin war, "
                "zahlt den Pot nach; diese Zahlungen sind der nächste Pot. Nur einer drin: er "
                "nimmt den Pot. Keiner drin: der Pot bleibt, alle zahlen noch einmal das Ante."
            ),
            (
                "Ein Paar schlägt kein Paar, dann zählt die höhere, dann die niedrigere Karte. Das"
                " Limit begrenzt den Pot; der Rest wartet in der Reserve."
            ),
        ],
    },
    "shelby": {
        "en": [
            (
                "Four rounds on one deal: 2 cards, then 1, then 2, then 2 more; each round all "
                "hold or drop at once."
            ),
            (
                "One holder gets a Shelby; three Shelbys take the pot. Several holders: each loser"
                " pays the winner the pot amount (up to the limit); the pot stays. Nobody holds: "
                "everyone antes."
            ),
        ],
        "de": [
            (
                "Vier Runden auf ein Geben: 2 Karten, dann 1, dann 2, dann noch 2; jede Runde "
                "halten oder werfen alle gleichzeitig."
            ),
            (
                "Hält nur einer, bekommt er einen Shelby; drei Shelbys gewinnen den Pot. Halten "
                "mehrere, zahlt jeder Verlierer dem Gewinner den Pot (höchstens das Limit); der "
                "Pot bleibt. Hält keiner, zahlen alle das Ante."
            ),
        ],
    },
    "psycho-shelby": {
        "en": [
            "Shelby without a cap: losers pay the winner the pot as it was at the start of the "
            "round.",
            "Three rounds: three cards (best two), plus two (best low three, ace to five), plus "
            "two (best five, 3s and 9s wild; a 4 lets its holder buy an extra card).",
        ],
        "de": [
            "Shelby ohne Obergrenze: die Verlierer zahlen dem Gewinner den Pot, wie er zu Beginn "
            "der Runde war.",
            "Drei Runden: drei Karten (die besten zwei), zwei dazu (die niedrigsten drei, Ass "
            "niedrig), zwei dazu (die besten fünf, 3er und 9er wild; wer eine 4 hat, darf eine "
            "Extrakarte kaufen).",
        ],
    },
    "good-bad-ugly": {
        "en": [
            _STUD_EN,
            (
                "Three table cards are turned after the 4th, 5th and 6th cards: the first's rank "
                "is wild, the second's is discarded from every hand, a face-up card of the third's"
                " rank folds its holder."
            ),
        ],
        "de": [
            _STUD_DE,
            (
                "Nach der 4., 5. und 6. Karte wird je eine Tischkarte umgedreht: ihr Wert ist wild"
                " (die Gute), wird aus jeder Hand abgeworfen (die Böse), und wer eine offene Karte"
                " des dritten Werts hat, ist raus (die Hässliche)."
            ),
        ],
    },
    "sequence": {
        "en": [
            _STUD_EN,
            (
                "Only one wild rank at a time: a face-up 2 makes 2s wild; then a face-up 3 moves "
                "it to 3s, and so on upward. Ranks out of order do nothing."
            ),
        ],
        "de": [
            _STUD_DE,
            (
                "Immer nur ein wilder Wert: eine offene 2 macht 2er wild; eine offene 3 danach "
                "macht 3er wild, und so weiter aufwärts. Werte außer der Reihe bewirken nichts."
            ),
        ],
    },
    "second-hand-high": {
        "en": [
            _STUD_EN,
            (
                "The second best hand at the showdown wins. A tie for best wins nothing and the "
                "next hand takes the pot; a tie for second splits."
            ),
        ],
        "de": [
            _STUD_DE,
            (
                "Die zweitbeste Hand beim Aufdecken gewinnt. Teilen sich zwei die beste Hand, "
                "gewinnen sie nichts und die nächste Hand nimmt den Pot; Gleichstand auf Platz "
                "zwei teilt."
            ),
        ],
    },
    "jack-the-shifter": {
        "en": [
            _STUD_EN,
            (
                "A face-up jack, or a face-down jack shown before the last betting round, lets its"
                " holder switch the rest of the hand to any stud game on the group's list."
            ),
        ],
        "de": [
            _STUD_DE,
            (
                "Ein offener Bube, oder ein verdeckter, der vor der letzten Setzrunde gezeigt "
                "wird, erlaubt seinem Besitzer, den Rest des Spiels auf ein anderes Stud-Spiel der"
                " vereinbarten Liste umzustellen."
            ),
        ],
    },
}
