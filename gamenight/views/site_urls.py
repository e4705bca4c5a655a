"""URLs of accounts, groups, players, seasons and nights."""

from django.urls import URLPattern, URLResolver

urlpatterns: list[URLPattern | URLResolver] = []
