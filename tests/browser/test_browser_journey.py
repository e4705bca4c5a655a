"""A host's whole night on a phone: sign up, the group, the night, games, undo, the end.

Chips (five players, buy-ins of 100, ante 1, Guts limited to 100 as a house rule):

- Seven-card stud: Dan and Eva put in 81 each, the others fold their ante; Dan
  wins 165. Eva is left with 19.
- Baseball: Eva all-in for 19, Anna and Ben 25 each, Carla and Dan fold their
  ante. Main pot 3 x 19 + 2 = 59 (Eva best), side pot 2 x 6 = 12 (Ben second).
- Guts, limit 100: pot 5 (antes), Dan beats four → pot 20; Anna beats Ben and
  Carla → pot 40; Dan beats three → 120 paid: pot 100, reserve 20; Dan alone
  takes 100 and the reserve refills the pot (20). That last deal is undone.
- The end: pot 100 and reserve 20 are split five ways (24 each), the night closes.
"""

from __future__ import annotations

from typing import Any

from browser_steps import add_players as add_the_players
from browser_steps import (
    confirm,
    create_group,
    create_season,
    fill_row,
    fits_phone,
    net_of,
    open_game,
    plan_night,
    pot_line,
    preview,
    seat_row,
    sign_up,
    stacks,
    start_night,
)
from playwright.sync_api import expect

from gamenight.models import Night, NightStatus, Transaction, TransactionKind

SCREENSHOTS = "/tmp"


def _night_pots(page: Any) -> dict[str, int]:
    pots = page.locator("#pots li")
    result = {}
    for text in pots.all_inner_texts():
        label, _sep, chips = text.rpartition(":")
        result[label.strip()] = int(chips)
    return result


def _guts_deal(page: Any, *, pot: int, reserve: int, ins: dict[str, int]) -> Any:
    """One Guts deal: who was in with their place; the pot line before it."""
    open_game(page, "guts")
    assert pot_line(page) == (pot, reserve)
    for name, place in ins.items():
        fill_row(page, name, is_in=True, place=place)
    return preview(page)


def test_a_whole_night_on_a_phone(page: Any) -> None:
    sign_up(page)
    create_group(page)
    add_the_players(page)
    create_season(page)
    night = plan_night(page, guts_limit=100)
    assert night.game_options["guts"] == {"limit": 100}
    start_night(page)
    assert stacks(page) == {"Anna": 100, "Ben": 100, "Carla": 100, "Dan": 100, "Eva": 100}
    expect(page.locator("#dealer")).to_have_text("Anna")

    # ---- Seven-card stud leaves Eva short.
    open_game(page, "seven-card-stud")
    for name in ("Anna", "Ben", "Carla"):
        fill_row(page, name, folded=True)
    fill_row(page, "Dan", chips=81, place=1)
    fill_row(page, "Eva", chips=81, place=2)
    shown = preview(page)
    assert net_of(shown, "Dan") == 84
    confirm(page)
    assert stacks(page) == {"Anna": 99, "Ben": 99, "Carla": 99, "Dan": 184, "Eva": 19}

    # ---- Baseball with a side pot: steppers, the state control, the showdown tapped.
    open_game(page, "baseball")
    fill_row(page, "Anna", chips=25, place=3)
    ben_chips = seat_row(page, "Ben").locator("input[name^=chips_]")
    ben_chips.fill("24")
    seat_row(page, "Ben").get_by_role("button", name="one bet more").click()
    expect(ben_chips).to_have_value("25")
    fill_row(page, "Ben", place=2)
    fill_row(page, "Carla", folded=True)
    fill_row(page, "Dan", folded=True)
    fill_row(page, "Eva", chips=19, all_in=True, place=1)
    shown = preview(page)
    page.screenshot(path=f"{SCREENSHOTS}/gamenight-preview.png", full_page=True)
    shown.screenshot(path=f"{SCREENSHOTS}/gamenight-preview-pots.png")
    pots = shown.locator("ul.pots > li")
    expect(pots).to_have_count(2)
    expect(pots.nth(0)).to_contain_text("Main pot: 59")
    expect(pots.nth(0)).to_contain_text("Won by: Eva")
    expect(pots.nth(1)).to_contain_text("Side pot 1: 12")
    expect(pots.nth(1)).to_contain_text("Could win it: Anna, Ben")
    expect(pots.nth(1)).to_contain_text("Won by: Ben")
    assert {n: net_of(shown, n) for n in ("Anna", "Ben", "Carla", "Dan", "Eva")} == {
        "Anna": -25,
        "Ben": -13,
        "Carla": -1,
        "Dan": -1,
        "Eva": 40,
    }
    confirm(page)
    assert stacks(page) == {"Anna": 74, "Ben": 86, "Carla": 98, "Dan": 183, "Eva": 59}

    # ---- A Guts series fills the reserve (limit 100).
    shown = _guts_deal(
        page, pot=0, reserve=0, ins={"Dan": 1, "Anna": 2, "Ben": 2, "Carla": 2, "Eva": 2}
    )
    expect(shown.locator(".next-pot")).to_have_text("20")
    expect(shown.locator(".next-reserve")).to_have_text("0")
    confirm(page)
    assert _night_pots(page) == {"Guts pot": 20}

    shown = _guts_deal(page, pot=20, reserve=0, ins={"Anna": 1, "Ben": 2, "Carla": 3})
    expect(shown.locator(".next-pot")).to_have_text("40")
    confirm(page)

    shown = _guts_deal(page, pot=40, reserve=0, ins={"Dan": 1, "Anna": 2, "Ben": 3, "Carla": 4})
    expect(shown.locator(".next-pot")).to_have_text("100")
    expect(shown.locator(".next-reserve")).to_have_text("20")
    confirm(page)
    page.screenshot(path=f"{SCREENSHOTS}/gamenight-night.png", full_page=True)
    before_undo = stacks(page)
    assert before_undo == {"Anna": 48, "Ben": 20, "Carla": 32, "Dan": 227, "Eva": 53}
    assert _night_pots(page) == {"Guts pot": 100, "Guts reserve": 20}

    shown = _guts_deal(page, pot=100, reserve=20, ins={"Dan": 1})
    page.screenshot(path=f"{SCREENSHOTS}/gamenight-guts.png", full_page=True)
    expect(shown.locator(".next-pot")).to_have_text("20")
    expect(shown.locator(".next-reserve")).to_have_text("0")
    confirm(page)
    assert stacks(page)["Dan"] == 327
    assert _night_pots(page) == {"Guts pot": 20}

    # ---- Undo the last deal: the stacks and the pots are as before it.
    deals = page.locator("#deal-list li.deal")
    expect(deals).to_have_count(6)
    deals.first.get_by_role("button", name="Undo", exact=True).click()
    # One more tap, on the panel saying what goes back (Dan gives the 100 back).
    panel = deals.first.locator(".confirm-panel")
    expect(panel.locator(".moves")).to_contain_text("Dan -100")
    panel.get_by_role("button", name="Yes, undo it").click()
    expect(deals.first.locator(".marker")).to_have_text("undone")
    # The undo swaps only the list of games; the table above shows the new
    # stacks once the page is loaded again.
    page.reload()
    assert stacks(page) == before_undo
    assert _night_pots(page) == {"Guts pot": 100, "Guts reserve": 20}

    # ---- The end: refused while chips are in the middle; the page offers the split.
    page.get_by_role("button", name="End the night", exact=True).click()
    expect(page.locator("#end .alert")).to_be_visible()
    fits_phone(page)
    page.locator("#end").get_by_role("link", name="Split the chips in the middle first.").click()
    for name in ("Anna", "Ben", "Carla", "Dan", "Eva"):
        page.locator("#pots").get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Split the pots", exact=True).click()
    expect(page.locator("#pots .confirm-panel")).to_be_visible()
    page.get_by_role("button", name="Yes, split the pots").click()
    expect(page.locator("#pots")).to_have_count(0)
    assert stacks(page) == {"Anna": 72, "Ben": 44, "Carla": 56, "Dan": 251, "Eva": 77}
    page.get_by_role("button", name="End the night", exact=True).click()
    page.get_by_role("button", name="Yes, end the night").click()
    expect(page.get_by_text("The night is over.")).to_be_visible()
    fits_phone(page)
    assert Night.objects.get(pk=night.pk).status == NightStatus.CLOSED
    games = Transaction.objects.filter(
        night=night, kind__in=[TransactionKind.TABLE_HAND, TransactionKind.GUTS_DEAL]
    )
    assert games.count() == 6

    # ---- The season's standings: each player's net for the night.
    page.goto(f"/groups/{night.group_id}/seasons/{night.season_id}/standings/")
    expect(page.get_by_role("heading", name="Standings: Spring")).to_be_visible()
    page.screenshot(path=f"{SCREENSHOTS}/gamenight-standings.png", full_page=True)
    fits_phone(page)
    rows = page.locator("#standings-table tbody tr")
    nets = {
        row.locator("td.name a").inner_text(): int(row.locator("td.net").inner_text())
        for row in rows.all()
    }
    assert nets == {"Dan": 151, "Eva": -23, "Anna": -28, "Carla": -44, "Ben": -56}
    assert list(nets) == ["Dan", "Eva", "Anna", "Carla", "Ben"]
