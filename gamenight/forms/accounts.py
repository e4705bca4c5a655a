"""Sign-up: a username and a password twice (Django's own checks)."""

from __future__ import annotations

from django.contrib.auth.forms import UserCreationForm


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """Django's sign-up form; the password validators in settings apply."""
