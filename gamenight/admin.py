"""The admin: groups and nights are editable; the ledger is read-only (append-only).

The admin classes are generic only in django-stubs; subscripting them at run time
would need django-stubs-ext's monkeypatch, hence the type: ignore comments.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from gamenight.models import (
    Account,
    Deal,
    Entry,
    Group,
    Membership,
    Night,
    Player,
    Season,
    Seat,
    Transaction,
)


class MembershipInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Membership
    extra = 0


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "created_at")
    inlines = (MembershipInline,)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "group", "email")
    list_filter = ("group",)


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "group", "starts_on")


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0


@admin.register(Night)
class NightAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("date", "group", "status", "dealer")
    list_filter = ("status", "group")
    inlines = (SeatInline,)


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("night", "number", "game", "status")


class ReadOnly:
    """Corrections are reversals recorded by the app, never edits in the admin."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class EntryInline(ReadOnly, admin.TabularInline):  # type: ignore[type-arg]
    model = Entry


@admin.register(Transaction)
class TransactionAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("pk", "kind", "night", "created_by", "created_at")
    list_filter = ("kind",)
    inlines = (EntryInline,)


@admin.register(Account)
class AccountAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("pk", "kind", "player", "night", "balance")
    list_filter = ("kind",)
