#!/usr/bin/env python3
"""Many phones recording at once on the real app under gunicorn: nothing lost, never a 5xx.

    .venv/bin/python scripts/stress_ledger.py                      # SQLite file in a temp dir
    .venv/bin/python scripts/stress_ledger.py --database-url postgres://u@host:5432/empty_db
    .venv/bin/python scripts/stress_ledger.py --clients 20 --recordings 500 --seed 3

The app runs as in production on a fresh database (scripts/live_app.py).
``--clients`` threads, each a co-host's phone with its own connection (every
other one in German), record ``--recordings`` games between them (stud and
Baseball table hands with all-ins and side pots, Guts deals, Shelby rounds),
with double taps (the same idempotency key twice at once), double undos (two
phones undoing one game at once), undos of undos, rebuys, leaves (cash-out)
and returns in between, and one night split and closed while the phones still
post to it. It prints the figures (requests, 2xx, 3xx, 4xx, 5xx, recordings
landed, wall time, the refusals by message). The app's designed 503 "the
database was busy, send it again" is no server error: the phone sends the same
form again, as the page asks, and the figures count it apart; tests/web/test_ledger_stress.py
runs it and checks the ledger afterwards.

The smaller scenes of tests/web/test_sqlite_concurrency.py are here too: two
co-hosts recording at the same moment, two undos at once, twenty posts with
one key.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_app import App, Phone, Tally, phone_copy, query, running_app, together

STUD_GAMES = ("seven-card-stud", "five-card-draw", "no-peek")
BASEBALL_GAMES = ("baseball", "football")
GUTS_GAMES = ("guts",)
SHELBY_GAMES = ("shelby",)
GAME_FORM = {
    **dict.fromkeys(STUD_GAMES + BASEBALL_GAMES, "chips"),
    **dict.fromkeys(GUTS_GAMES + SHELBY_GAMES, "in"),
}


# ---------------------------------------------------------------- forms of the app


def record_path(night: int, game: str) -> str:
    return f"/nights/{night}/record/{game}/"


def seat_rows(page: bytes, game: str) -> list[tuple[int, int]]:
    """(player id, stack) of each seat row of a recording form page."""
    rows = []
    name = GAME_FORM[game]
    for chunk in page.split(b'<li class="seat')[1:]:
        player = re.search(rb'name="' + name.encode() + rb'_(\d+)"', chunk)
        chips = re.search(rb'class="stack">(\d+)', chunk)
        if player and chips:
            rows.append((int(player.group(1)), int(chips.group(1))))
    return rows


def game_form(game: str, rows: list[tuple[int, int]], rng: random.Random) -> dict[str, str]:
    """A plausible game for these seats (with a fresh key); refusals are possible and fine."""
    form = {"key": uuid.uuid4().hex, "confirm": "1"}
    ids = [pid for pid, _stack in rows]
    stacks = dict(rows)
    if GAME_FORM[game] == "in":
        holders = rng.sample(ids, k=rng.choice([0, 1, 2, 2, 3]) if len(ids) >= 3 else 1)
        for place, pid in enumerate(holders, start=1):
            form[f"in_{pid}"] = "on"
            form[f"place_{pid}"] = str(place if rng.random() > 0.1 else 1)
        return form
    live = rng.sample(ids, k=min(len(ids), rng.choice([2, 2, 3, 4])))
    bet = rng.randint(1, 12)
    short = min(live, key=lambda pid: stacks[pid])
    side_pot = len(live) >= 3 and stacks[short] <= bet + 1
    for pid in ids:
        if pid not in live:
            form[f"chips_{pid}"] = "1"
            form[f"state_{pid}"] = "folded"
            continue
        if side_pot and pid == short:
            # Short-stacked and all-in: the others' extra chips make a side pot.
            form[f"chips_{pid}"] = str(stacks[pid])
            form[f"state_{pid}"] = "allin"
        else:
            form[f"chips_{pid}"] = str(1 + bet)
    if game == "baseball" and rng.random() < 0.3:
        # A face-up 3: the first live player pays the pot of the antes (in Football a 3
        # costs nothing unless the night's house rules say so, ruling 20).
        payer = live[0]
        if form.get(f"state_{payer}") != "allin":
            # The form adds the payment to the bets.
            form[f"paid_{payer}"] = str(len(ids))
    for place, pid in enumerate(rng.sample(live, k=len(live)), start=1):
        form[f"place_{pid}"] = str(place)
    return form


def undo_targets(page: bytes) -> list[int]:
    """The transaction ids with an Undo button on a night's list of games."""
    return list(dict.fromkeys(int(i) for i in re.findall(rb"/deals/(\d+)/undo/", page)))


def undo_form() -> dict[str, str]:
    # Sent with confirm=1: the phone has seen the undo's confirm panel (a double tap of it).
    return {"key": uuid.uuid4().hex, "confirm": "1"}


def seated_players(page: bytes, form: str) -> list[int]:
    """The players offered by one of the night page's forms (rebuy, leave, arrive)."""
    match = re.search(rb'action="/nights/\d+/' + form.encode() + rb'/"(.*?)</form>', page, re.S)
    if not match:
        return []
    # A select's options (rebuy, leave, arrive) or the split's checkboxes.
    found = re.findall(rb'(?:<option|name="players") value="(\d+)"', match.group(1))
    return [int(i) for i in found]


# ---------------------------------------------------------------- the scenes of the tests


def two_cohosts_at_once(app: App, rounds: int) -> list[tuple[int, int]]:
    """Each round two co-hosts record different games at the same moment; the statuses."""
    night = app.seed.nights[0]
    tally = Tally()
    first, second = (app.phone(u, tally) for u in app.seed.users[1:3])
    rows = seat_rows(first.get(record_path(night, "seven-card-stud"))[1], "seven-card-stud")
    ids = [pid for pid, _ in rows]
    results = []
    for n in range(rounds):
        hand = {"key": f"hand-{n}", "confirm": "1"}
        for place, pid in enumerate(ids, start=1):
            hand[f"chips_{pid}"] = str(1 + n % 3)
            hand[f"place_{pid}"] = str(place)
        guts = {"key": f"guts-{n}", "confirm": "1"}  # nobody in: everyone antes again
        statuses = together(
            [
                lambda h=hand: first.post(record_path(night, "seven-card-stud"), h, "record")[0],
                lambda g=guts: second.post(record_path(night, "guts"), g, "record")[0],
            ]
        )
        results.append((statuses[0], statuses[1]))
    return results


def record_one(app: App, user: str, key: str) -> None:
    night = app.seed.nights[0]
    phone = app.phone(user, Tally())
    rows = seat_rows(phone.get(record_path(night, "seven-card-stud"))[1], "seven-card-stud")
    hand = {"key": key, "confirm": "1"}
    for place, (pid, _stack) in enumerate(rows, start=1):
        hand[f"chips_{pid}"] = "3"
        hand[f"place_{pid}"] = str(place)
    status, body = phone.post(record_path(night, "seven-card-stud"), hand, "record")
    if status != 302:
        raise RuntimeError(f"recording a hand answered {status}: {body[:300]!r}")


def double_undo(app: App, transaction_id: int) -> list[tuple[int, bytes]]:
    """Two co-hosts press Undo on the same game at the same moment (two page loads, two keys)."""
    night = app.seed.nights[0]
    tally = Tally()
    phones = [app.phone(u, tally) for u in app.seed.users[1:3]]
    path = f"/nights/{night}/deals/{transaction_id}/undo/"
    return together([lambda p=p: p.post(path, undo_form(), "undo") for p in phones])


def same_key_burst(app: App, posts: int = 20) -> list[tuple[int, bytes]]:
    """``posts`` phones send one game with one idempotency key at the same moment."""
    night = app.seed.nights[0]
    tally = Tally()
    users = app.seed.users
    phones = [app.phone(users[i % len(users)], tally) for i in range(posts)]
    rows = seat_rows(phones[0].get(record_path(night, "guts"))[1], "guts")
    form = {"key": "the-same-key", "confirm": "1"}
    for place, (pid, _stack) in enumerate(rows[:2], start=1):
        form[f"in_{pid}"] = "on"
        form[f"place_{pid}"] = str(place)
    return together(
        [lambda p=p: p.post(record_path(night, "guts"), form, "record") for p in phones]
    )


# ---------------------------------------------------------------- the stress run


@dataclass
class Plan:
    clients: int = 20
    recordings: int = 500
    seed: int = 1
    nights: int = 3
    players: int = 6
    stack: int = 300


class Stress:
    """The phones of ``plan.clients`` co-hosts sharing out ``plan.recordings`` games."""

    def __init__(self, app: App, plan: Plan) -> None:
        self.app, self.plan = app, plan
        self.tally = Tally()
        self.lock = threading.Lock()
        self.recordings_left = plan.recordings
        self.done = 0
        # The last night is split and closed when half the games are in.
        self.closing_night = app.seed.nights[-1]
        self.closed = threading.Event()

    def take_recording(self) -> bool:
        with self.lock:
            if self.recordings_left <= 0:
                return False
            self.recordings_left -= 1
            self.done += 1
            return True

    def run(self) -> dict[str, Any]:
        users = self.app.seed.users
        phones = [
            self.app.phone(users[i % len(users)], self.tally) for i in range(self.plan.clients)
        ]
        for phone in phones[1::2]:
            # Every other phone speaks German (LocaleMiddleware reads this cookie).
            phone.session.cookies["django_language"] = "de"
        started = time.monotonic()
        threads = [
            threading.Thread(
                target=self.client, args=(phone, random.Random(self.plan.seed * 1000 + i))
            )
            for i, phone in enumerate(phones)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - started
        for phone in phones:
            phone.close()
        return self.figures(wall)

    def client(self, phone: Phone, rng: random.Random) -> None:
        try:
            while self.take_recording():
                self.record(phone, rng)
                extra = rng.random()
                if extra < 0.22:
                    self.undo(phone, rng)
                elif extra < 0.27:
                    self.undo_an_undo(phone, rng)
                elif extra < 0.33:
                    self.rebuy(phone, rng)
                elif extra < 0.37:
                    self.leave_or_return(phone, rng)
                elif extra < 0.42:
                    phone.get(f"/nights/{rng.choice(self.app.seed.nights)}/")
                if self.done >= self.plan.recordings // 2 and not self.closed.is_set():
                    self.close_night(phone)
        except Exception as exc:  # a broken connection is a finding, not a crash of the run
            with self.tally.lock:
                self.tally.counts["client errors"] += 1
                self.tally.server_errors.append(f"client: {type(exc).__name__}: {exc}")

    def scene(self, name: str) -> None:
        with self.tally.lock:
            self.tally.scenes[name] += 1

    def night(self, rng: random.Random) -> int:
        return rng.choice(self.app.seed.nights)

    def record(self, phone: Phone, rng: random.Random) -> None:
        night = self.night(rng)
        family = rng.choices(
            [STUD_GAMES, BASEBALL_GAMES, GUTS_GAMES, SHELBY_GAMES], weights=[4, 2, 3, 2]
        )[0]
        game = rng.choice(family)
        path = record_path(night, game)
        # A phone keeps the form open between games; it loads it again after a refusal.
        rows = phone.rows.get(path) if rng.random() < 0.6 else None
        if rows is None:
            status, page = phone.get(path, "form")
            rows = seat_rows(page, game) if status == 200 else []
        if len(rows) < 2:
            phone.rows.pop(path, None)
            return
        phone.rows[path] = rows
        form = game_form(game, rows, rng)
        if rng.random() < 0.12:
            # A double tap: the same form twice at once.
            self.scene("double taps")
            answers = together([lambda: phone_copy(phone).post(path, form, "record")] * 2)
        else:
            answers = [phone.post(path, form, "record")]
        self.tally.broken(answers)
        statuses = [a[0] for a in answers if isinstance(a, tuple)]
        if 302 in statuses:
            with self.tally.lock:
                self.tally.landed_keys.add(form["key"])
            return
        phone.rows.pop(path, None)
        for answer in answers:
            if isinstance(answer, tuple):
                self.tally.refused(answer[1], phone.language)

    def undo(self, phone: Phone, rng: random.Random) -> None:
        night = self.night(rng)
        status, page = phone.get(f"/nights/{night}/deals/", "deals")
        targets = undo_targets(page) if status == 200 else []
        if not targets:
            return
        path = f"/nights/{night}/deals/{rng.choice(targets[:10])}/undo/"
        if rng.random() < 0.4:
            # Two co-hosts undo the same game at once.
            self.scene("double undos")
            answers = together([lambda: phone_copy(phone).post(path, undo_form(), "undo")] * 2)
            self.tally.broken(answers)
        else:
            phone.post(path, undo_form(), "undo")

    def undo_an_undo(self, phone: Phone, rng: random.Random) -> None:
        """Undo a reversal: the app must refuse it with its message."""
        night = self.night(rng)
        reversals = query(
            self.app.url,
            "SELECT id FROM gamenight_transaction WHERE kind = 'reversal' AND night_id = %s",
            (night,),
        )
        if reversals:
            (target,) = rng.choice(reversals)
            phone.post(f"/nights/{night}/deals/{target}/undo/", undo_form(), "undo of undo")

    def rebuy(self, phone: Phone, rng: random.Random) -> None:
        night = self.night(rng)
        status, page = phone.get(f"/nights/{night}/")
        seated = seated_players(page, "rebuy") if status == 200 else []
        if seated:
            form = {"key": uuid.uuid4().hex, "player": str(rng.choice(seated))}
            form["amount"] = str(rng.randint(20, 100))
            phone.post(f"/nights/{night}/rebuy/", form, "rebuy")

    def leave_or_return(self, phone: Phone, rng: random.Random) -> None:
        night = self.night(rng)
        status, page = phone.get(f"/nights/{night}/")
        if status != 200:
            return
        seated, away = seated_players(page, "leave"), seated_players(page, "arrive")
        if away and (len(seated) <= 3 or rng.random() < 0.5):
            form = {"key": uuid.uuid4().hex, "player": str(rng.choice(away)), "buy_in": "200"}
            phone.post(f"/nights/{night}/arrive/", form, "arrive")
        elif len(seated) > 3:
            form = {"key": uuid.uuid4().hex, "player": str(rng.choice(seated))}
            phone.post(f"/nights/{night}/leave/", form, "leave (cash-out)")

    def close_night(self, phone: Phone) -> None:
        with self.lock:
            if self.closed.is_set():
                return
            self.closed.set()
        night = self.closing_night
        # The phones keep recording into the night, so a Guts or Shelby pot may fill
        # again between the split and the end: split and try again (as a host would).
        for _attempt in range(100):
            self.scene("tries to close a night")
            status, page = phone.get(f"/nights/{night}/")
            seated = seated_players(page, "split")
            # A list of pairs: the players field repeats (urlencode takes pairs as they are).
            split = [("key", uuid.uuid4().hex), ("confirm", "1")]
            split += [("players", str(p)) for p in seated]
            phone.call("POST", f"/nights/{night}/split/", split, "split")  # type: ignore[arg-type]
            status, _ = phone.post(
                f"/nights/{night}/end/", {"key": uuid.uuid4().hex, "confirm": "1"}, "end night"
            )
            if status == 302:
                return

    def night_closed(self) -> bool:
        sql = "SELECT status FROM gamenight_night WHERE id = %s"
        return bool(query(self.app.url, sql, (self.closing_night,))[0][0] == "closed")

    def figures(self, wall: float) -> dict[str, Any]:
        landed = query(
            self.app.url,
            "SELECT COUNT(*) FROM gamenight_transaction t WHERE t.group_id = %s "
            "AND t.kind IN ('table_hand', 'guts_deal', 'shelby_round')",
            (self.app.seed.group_id,),
        )[0][0]
        return {
            "clients": self.plan.clients,
            "recordings tried": self.plan.recordings,
            "requests": self.tally.requests,
            **self.tally.by_class(),
            "statuses": dict(sorted(self.tally.statuses.items())),
            # Designed 503s ("busy, send it again"), each sent again by its phone.
            "busy, sent again": self.tally.busy,
            "by kind": dict(sorted(self.tally.counts.items())),
            "scenes": dict(sorted(self.tally.scenes.items())),
            "night closed": self.night_closed(),
            "refusals": dict(self.tally.refusals.most_common()),
            "recordings landed": landed,
            "keys answered 302": len(self.tally.landed_keys),
            "landed keys": sorted(self.tally.landed_keys),
            "wall s": round(wall, 1),
            "server errors": self.tally.server_errors,
        }


def print_figures(name: str, figures: dict[str, Any]) -> None:
    print(f"\nstress on {name}:")
    for key, value in figures.items():
        if key == "landed keys":
            continue
        if key == "server errors":
            for error in value:
                print(f"    {error}")
        else:
            print(f"  {key:<20} {value}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nights", type=int, default=Plan.nights)
    parser.add_argument("--players", type=int, default=Plan.players)
    parser.add_argument("--stack", type=int, default=Plan.stack)
    parser.add_argument("--clients", type=int, default=Plan.clients)
    parser.add_argument("--recordings", type=int, default=Plan.recordings)
    parser.add_argument("--seed", type=int, default=Plan.seed)
    parser.add_argument("--database-url", help="an empty PostgreSQL database (default: SQLite)")
    args = parser.parse_args(argv)
    plan = Plan(
        clients=args.clients,
        recordings=args.recordings,
        seed=args.seed,
        nights=args.nights,
        players=args.players,
        stack=args.stack,
    )
    with running_app(
        args.database_url, nights=plan.nights, players=plan.players, cohosts=2, stack=plan.stack
    ) as app:
        figures = Stress(app, plan).run()
    print_figures("PostgreSQL" if args.database_url else "SQLite", figures)
    return 0 if figures["5xx"] == 0 and not figures["server errors"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
