"""Whether this installation delivers mail at all, in one place.

`make run` has no mail server: its default backend (settings.EMAIL_BACKEND) is
the console, which prints each mail into the server's console and whatever log
it goes to. That is harmless for a report but not for a password-reset mail,
whose link sets the password of whoever's account it names: with such a
backend no reset mail is made at all (gamenight/views/accounts.py).
"""

from __future__ import annotations

from django.conf import settings

# Backends that deliver to nobody: the console prints, the dummy drops.
NOT_DELIVERED = frozenset(
    {
        "django.core.mail.backends.console.EmailBackend",
        "django.core.mail.backends.dummy.EmailBackend",
    }
)


def mail_is_set_up() -> bool:
    """Mail goes to a mail server (or another real backend: a file, the tests' outbox).

    Read when asked, not at start: the tests switch backends per test."""
    return str(settings.EMAIL_BACKEND) not in NOT_DELIVERED
