"""The admin: groups and nights are editable; the ledger is read-only (append-only).

Digital hands and their actions are not in it: a hand's stored state holds every
card of it, the deck included, and a draw's discards are face down (issue 22).

The admin classes are subscripted with their model as django-stubs declares them;
that works at run time through django-stubs-ext's monkeypatch in the settings.
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
    GroupImport,
    Membership,
    Night,
    Player,
    PlayerMerge,
    Season,
    Seat,
    Transaction,
)


class MembershipInline(admin.TabularInline[Membership, Group]):
    model = Membership
    extra = 0


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin[Group]):
    list_display = ("name", "created_at")
    inlines = (MembershipInline,)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ("name", "group", "email", "hidden", "merged_into")
    list_filter = ("group", "hidden")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin[Season]):
    list_display = ("name", "group", "starts_on")


class SeatInline(admin.TabularInline[Seat, Night]):
    model = Seat
    extra = 0


@admin.register(Night)
class NightAdmin(admin.ModelAdmin[Night]):
    list_display = ("date", "group", "status", "dealer")
    list_filter = ("status", "group")
    inlines = (SeatInline,)


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin[Deal]):
    list_display = ("night", "number", "game", "status")


class ReadOnly:
    """Corrections are reversals recorded by the app, never edits in the admin."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class EntryInline(ReadOnly, admin.TabularInline[Entry, Transaction]):
    model = Entry


@admin.register(Transaction)
class TransactionAdmin(ReadOnly, admin.ModelAdmin[Transaction]):
    list_display = ("pk", "kind", "night", "created_by", "created_at")
    list_filter = ("kind",)
    inlines = (EntryInline,)


@admin.register(Account)
class AccountAdmin(ReadOnly, admin.ModelAdmin[Account]):
    list_display = ("pk", "kind", "player", "night", "balance")
    list_filter = ("kind",)


@admin.register(PlayerMerge)
class PlayerMergeAdmin(ReadOnly, admin.ModelAdmin[PlayerMerge]):
    """The audit of merges: who merged whom into whom, and when."""

    list_display = ("merged_name", "kept_name", "group", "by", "at")
    list_filter = ("group",)


@admin.register(GroupImport)
class GroupImportAdmin(ReadOnly, admin.ModelAdmin[GroupImport]):
    """Uploaded group files and how their imports ended; a refusal after the first
    batch names the group that holds what was written (it has no member)."""

    list_display = ("pk", "user", "status", "size", "written", "total", "group", "created_at")
    list_filter = ("status",)
    readonly_fields = ("error", "longest_batch_ms", "started_at", "finished_at")
