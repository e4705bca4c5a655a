"""``manage.py seed_demo``: a realistic demo group, every game recorded through the services.

manage.py seed_demo                      # 5 seasons x 50 nights x 30 games, 10 players
manage.py seed_demo --small              # a few nights, for tests
manage.py seed_demo --seed 7 --fresh     # another draw, replacing the demo group
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from gamenight.demo.seed import DemoExistsError, SeedOptions, seed_demo


class Command(BaseCommand):
    help = "Create a demo group: seasons of closed nights with games recorded through the ledger."

    def add_arguments(self, parser: CommandParser) -> None:
        defaults = SeedOptions()
        parser.add_argument("--seed", type=int, default=defaults.seed)
        parser.add_argument("--seasons", type=int, default=None)
        parser.add_argument("--nights", type=int, default=None, help="nights a season")
        parser.add_argument("--games", type=int, default=None, help="games a night")
        parser.add_argument("--players", type=int, default=None)
        parser.add_argument(
            "--small", action="store_true", help="2 seasons x 3 nights x 6 games, 5 players"
        )
        parser.add_argument("--group-name", default=defaults.group_name)
        parser.add_argument("--username", default=defaults.username)
        parser.add_argument("--password", default=defaults.password)
        parser.add_argument(
            "--fresh",
            action="store_true",
            help="if the group exists, rename it aside (the ledger is append-only) and start anew",
        )
        parser.add_argument(
            "--running-night",
            action="store_true",
            help="also start one more night (for the benchmark)",
        )
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args: Any, **opts: Any) -> None:
        base = SeedOptions.small() if opts["small"] else SeedOptions()
        sizes = {
            name: opts[name] if opts[name] is not None else getattr(base, name)
            for name in ("seasons", "nights", "games", "players")
        }
        for name, value in sizes.items():
            if value < (2 if name == "players" else 1):
                raise CommandError(f"--{name} must be at least {2 if name == 'players' else 1}")
        options = SeedOptions(
            seed=opts["seed"],
            group_name=opts["group_name"],
            username=opts["username"],
            password=opts["password"],
            fresh=opts["fresh"],
            running_night=opts["running_night"],
            **sizes,
        )
        quiet = opts["json"] or opts["verbosity"] == 0
        started = time.perf_counter()
        try:
            result = seed_demo(options, progress=None if quiet else self.stdout.write)
        except (DemoExistsError, ValueError) as error:
            raise CommandError(str(error)) from None
        seconds = time.perf_counter() - started
        if opts["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        "group_id": result.group.pk,
                        "username": result.host.username,
                        "password": result.password,
                        "season_ids": [s.pk for s in result.seasons],
                        "nights": result.nights,
                        "games": result.games,
                        "fallbacks": result.fallbacks,
                        "running_night_id": result.running_night.pk
                        if result.running_night
                        else None,
                        "seconds": round(seconds, 2),
                    }
                )
            )
            return
        self.stdout.write(
            self.style.SUCCESS(
                f"{result.group.name} (group {result.group.pk}): {len(result.seasons)} seasons, "
                f"{result.nights} nights, {result.games} games in {seconds:.1f} s"
            )
        )
        if result.running_night is not None:
            self.stdout.write(f"running night: /nights/{result.running_night.pk}/")
        self.stdout.write(f"log in as {result.host.username} / {result.password}")
