"""The web process warms the TV odds' tables as it starts (gamenight/asgi.py), in the
background, unless the setting turns it off; nothing else (a test, a management
command) pays for it."""

from __future__ import annotations

import importlib
import sys
import threading

import pytest
from django.test import override_settings

import engine.games.odds_warm_up as warm_up


def _load_asgi(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    started: list[str] = []

    def fake() -> threading.Thread:
        started.append("warm-up")
        return threading.Thread()

    monkeypatch.setattr(warm_up, "warm_up_in_background", fake)
    monkeypatch.delitem(sys.modules, "gamenight.asgi", raising=False)
    importlib.import_module("gamenight.asgi")
    return started


def test_the_asgi_app_starts_the_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    with override_settings(ODDS_WARM_UP=True):
        assert _load_asgi(monkeypatch) == ["warm-up"]


def test_the_setting_turns_the_warm_up_off(monkeypatch: pytest.MonkeyPatch) -> None:
    with override_settings(ODDS_WARM_UP=False):
        assert _load_asgi(monkeypatch) == []
