"""URLs of recording physically dealt games, undo, and the standings."""

from django.urls import URLPattern, URLResolver

urlpatterns: list[URLPattern | URLResolver] = []
