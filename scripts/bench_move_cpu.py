#!/usr/bin/env python3
"""CPU time of one move of a digital hand and of bringing it to every screen, in-process.

    .venv/bin/python scripts/bench_move_cpu.py                 # 6 phones and a TV, 200 moves
    .venv/bin/python scripts/bench_move_cpu.py --moves 50 --players 3

No server and no network: Django's test client (the whole middleware stack, as
WSGI serves it) on a SQLite file in a temp dir, DEBUG off. One table of
``--players`` phones and a TV (the night's table link) plays seven-card stud; each
move is the acting seat's POST (htmx, the answer is its live part), then:

* ``fetch``: every screen fetches its live part with its ETag, as the pages did
  on each "changed" before moves were pushed (and still do when polling);
* ``push``: the live part of every open screen is rendered once by the stream's
  hub (gamenight/live/hub.py), from one read of the hand, as the event streams
  now push it; the TV's odds kept per hand and what shows, as the server keeps
  them (worked out again once a street or a fold).

CPU time (``time.process_time``), not wall time: the machine is shared. Prints the
mean CPU milliseconds a move for the POST and for each way of reaching the
screens, and the sum; the last line reads ``post_ms=N fetch_ms=N push_ms=N``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django(tmp: Path) -> None:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "gamenight.settings",
            "DATABASE_URL": f"sqlite:///{tmp / 'cpu.sqlite3'}",
            "DEBUG": "0",
            "SECRET_KEY": "cpu-" + uuid.uuid4().hex,
            "ALLOWED_HOSTS": "testserver",
            "VAR_DIR": str(tmp / "var"),
            "LOG_LEVEL": "WARNING",
            "ODDS_WARM_UP": "0",
            "AXES_ENABLED": "0",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--players", type=int, default=6, help="phones at the table (2 to 7)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gamenight-move-cpu-") as tmp:
        setup_django(Path(tmp))
        figures = measure(args.moves, args.players, random.Random(args.seed))
    post, fetch, push = (figures[k] for k in ("post", "fetch", "push"))
    print(f"{args.players} phones and a TV, {figures['moves']} moves, CPU ms a move (mean):")
    print(f"  the move's POST (htmx, answered with its live part): {post:.1f}")
    print(f"  every screen fetches its live part (ETag):           {fetch:.1f}")
    if push is not None:
        print(f"  every screen's live part pushed (one hand read):     {push:.1f}")
    print(f"  a move in all, fetched: {post + fetch:.1f}", end="")
    print(f"; pushed: {post + push:.1f}" if push is not None else "")
    print(f"post_ms={post:.1f} fetch_ms={fetch:.1f} push_ms={push if push is not None else -1:.1f}")
    return 0


def measure(moves: int, players: int, rng: random.Random) -> dict[str, Any]:
    import datetime

    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.test import Client

    from engine.games import ActionName
    from gamenight import services
    from gamenight.models import DigitalHand, SeatLink
    from gamenight.services import digital, table_links

    host = User.objects.create_user("cpu-host", password="x" * 20)
    group = services.create_group(name="CPU table", host=host)
    people = [
        services.add_player(group_id=group.pk, by=host, name=f"Phone {i + 1}")
        for i in range(players)
    ]
    night = services.create_night(
        group_id=group.pk,
        by=host,
        date=datetime.date(2026, 3, 14),
        allowed_games=["seven-card-stud"],
        starting_stack=100_000,
    )
    services.start_night(night_id=night.pk, by=host, key="s", players=[p.pk for p in people])
    digital.start_hand(night_id=night.pk, by=host, key="h0", game="seven-card-stud")
    links = {
        link.seat_id: link.token
        for link in SeatLink.objects.filter(night=night, hand=None, revoked=False)
    }
    tv_token = table_links.live_table_link(night).token
    phones = {seat: Client() for seat in links}
    for seat, token in links.items():
        assert phones[seat].get(f"/s/{token}/").status_code == 200
    tv = Client()
    assert tv.get(f"/tv/{tv_token}/").status_code == 200
    host_client = Client()
    host_client.force_login(host)
    tags: dict[str, str] = {}

    def fetch_all() -> None:
        for seat, token in links.items():
            _fetch(phones[seat], f"/s/{token}/state/", tags)
        _fetch(tv, f"/tv/{tv_token}/state/", tags)

    pusher = _pusher(night.pk, links, tv_token)
    post_cpu = fetch_cpu = push_cpu = 0.0
    done = 0
    fetch_all()
    if pusher is not None:
        pusher()
    while done < moves:
        hand = DigitalHand.objects.filter(night=night).order_by("-id").first()
        assert hand is not None
        if hand.status != "running":
            digital.start_hand(
                night_id=night.pk, by=host, key=uuid.uuid4().hex, game="seven-card-stud"
            )
            fetch_all()
            if pusher is not None:
                pusher()
            continue
        state = digital.hand_state(hand)
        seat_id = int(hand.seat_ids[state.actor])
        legal = state.legal_actions()
        calm = [a for a in legal if a.kind in (ActionName.CHECK, ActionName.CALL)]
        chosen = calm[0] if calm and rng.random() < 0.8 else rng.choice(legal)
        form = {"action": chosen.kind.value, "hand": str(hand.pk), "version": str(hand.version)}
        form["key"] = uuid.uuid4().hex
        if chosen.min_amount is not None and chosen.kind is not ActionName.DRAW:
            form["amount"] = str(chosen.min_amount)
        began = time.process_time()
        answer = phones[seat_id].post(f"/s/{links[seat_id]}/act/", form, HTTP_HX_REQUEST="true")
        post_cpu += time.process_time() - began
        assert answer.status_code == 200
        assert b'role="alert"' not in answer.content
        # The TV's odds are kept (the Django cache) per hand and what shows, as in the
        # server: the push works them out again only when a card turns or a seat folds.
        if pusher is not None:
            began = time.process_time()
            pusher()
            push_cpu += time.process_time() - began
        # The fetches as they were measured before the push: the odds worked out each move.
        cache.clear()
        began = time.process_time()
        fetch_all()
        fetch_cpu += time.process_time() - began
        done += 1
    return {
        "moves": done,
        "post": post_cpu * 1000 / done,
        "fetch": fetch_cpu * 1000 / done,
        "push": push_cpu * 1000 / done if pusher is not None else None,
    }


def _fetch(client: Any, path: str, tags: dict[str, str]) -> None:
    headers = {"HTTP_HX_REQUEST": "true"}
    if path in tags:
        headers["HTTP_IF_NONE_MATCH"] = tags[path]
    response = client.get(path, **headers)
    assert response.status_code in (200, 304), response.status_code
    tags[path] = response.headers.get("ETag", tags.get(path, ""))


def _pusher(night_id: int, links: dict[int, str], tv_token: str) -> Any:
    """The hub's round for every screen of the night (None before the hub existed)."""
    try:
        from gamenight.live.screens import SeatScreen, TvScreen, bring_up_to_date
    except ImportError:
        return None
    from gamenight.models import SeatLink

    hashes = dict(
        SeatLink.objects.filter(token__in=links.values()).values_list("token", "device_hash")
    )
    screens: dict[Any, str] = {
        SeatScreen(token=t, device_hash=hashes[t], language="en", csrf_token="x" * 64): ""
        for t in links.values()
    }
    screens[TvScreen(token=tv_token, language="en")] = ""

    def push() -> None:
        pushes = bring_up_to_date(screens)
        for screen, sent in pushes.items():
            assert sent.kind == "live", sent
            screens[screen] = sent.tag

    return push


if __name__ == "__main__":
    raise SystemExit(main())
