"""Sign-up: a username, an optional e-mail address and a password twice (Django's checks)."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm[User]):
    """Django's sign-up form; the password validators in settings apply."""

    email = forms.EmailField(
        label=_("E-mail (optional)"),
        required=False,
        help_text=_("Only used to send you a link when you forget your password."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
