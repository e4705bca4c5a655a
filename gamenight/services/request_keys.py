"""Once per form key: the writes of the site that are not ledger writes.

Creating a group, a night, a player or a season, setting a role or the chip
value, a new invite link, building a report again: the form's key is claimed
with a :class:`~gamenight.models.RequestKey` row in the same database
transaction as the write, before the write. A second request with the same key
finds the row, or (at the same moment, on PostgreSQL) waits on the unique
constraint until the first commits; either way it does nothing and answers
where the first one went. If the write is refused, the claim is rolled back
with it, so the corrected form may be sent again with the same key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth.models import User as AuthUser
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext

from gamenight.models import RequestKey
from gamenight.services.errors import IdempotencyConflictError
from gamenight.services.posting import check_key, fingerprint

# What a write returns: the object it made or changed (None if none), and the URL
# the user is sent to.
Result = tuple[models.Model | None, str]


class RequestKeyConflictError(IdempotencyConflictError):
    """The form's key was already used with other values (or by another form)."""


def once(
    *,
    user: AuthUser,
    key: str,
    action: str,
    payload: Mapping[str, Any],
    write: Callable[[], Result],
) -> str:
    """Run ``write`` once per user and key; return the URL to send the user to.

    The same key again with the same ``action`` and ``payload`` returns the first
    answer without writing; with others it raises :class:`RequestKeyConflictError`.
    """
    check_key(key)
    digest = fingerprint(action, payload)
    try:
        with transaction.atomic():
            done = _answer(user, key, digest)
            if done is not None:
                return done
            # Claim first: a twin request blocks here until this transaction ends.
            claim = RequestKey.objects.create(user=user, key=key, action=action, fingerprint=digest)
            made, url = write()
            if made is not None:
                claim.object_type = made._meta.label_lower
                claim.object_id = made.pk
            claim.answer_url = url
            claim.save(update_fields=["object_type", "object_id", "answer_url"])
            return url
    except IntegrityError:
        # The twin committed first: answer as it did.
        done = _answer(user, key, digest)
        if done is None:
            raise
        return done


def _answer(user: AuthUser, key: str, digest: str) -> str | None:
    done = RequestKey.objects.filter(user=user, key=key).first()
    if done is None:
        return None
    if done.fingerprint != digest:
        raise RequestKeyConflictError(
            gettext(
                "This form was already sent with other values: "
                "reload the page and fill it in again."
            )
        )
    return str(done.answer_url)
