"""Sign up, log in and out, change and reset the password (Django's auth views).

django-axes locks a username from one address after five wrong passwords; on
top of that, failed logins, sign-ups and reset mails are counted per address
(gamenight/services/throttle.py), so neither password spraying across many
usernames nor probing which usernames exist goes unlimited.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from gamenight.client_ip import client_ip
from gamenight.forms.accounts import SignUpForm
from gamenight.mail_setup import mail_is_set_up
from gamenight.services.throttle import LOGIN_FAILED, allow, count

HOUR = datetime.timedelta(hours=1)


def _throttled(request: HttpRequest, reason: str) -> HttpResponse:
    return render(request, "accounts/throttled.html", {"reason": reason}, status=429)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    if request.method == "POST" and not allow(
        "signup", client_ip(request), limit=settings.SIGNUP_LIMIT_PER_HOUR, window=HOUR
    ):
        return _throttled(request, "signup")
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # The new user has just chosen the password: no backend needs to check it again.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return HttpResponseRedirect(_next_path(request.POST.get("next", "")))
    status = 422 if form.is_bound else 200
    context = {"form": form, "next": request.GET.get("next", request.POST.get("next", ""))}
    return render(request, "accounts/signup.html", context, status=status)


def _next_path(target: str) -> str:
    """Where to go after signing up: a path of this site, else home.

    Only a path counts (``redirect()`` would read a bare word as a URL name
    and crash on one that does not exist), and never one to another host.
    """
    if (
        target.startswith("/")
        and not target.startswith("//")
        and url_has_allowed_host_and_scheme(target, allowed_hosts=None)
    ):
        return target
    return reverse("home")


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        failed = count(LOGIN_FAILED, client_ip(request), window=settings.AXES_COOLOFF_TIME)
        if failed >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            return _throttled(request, "login")
        return super().post(request, *args, **kwargs)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset by mail; without a mail server (`make run`'s console backend) the
    page says so and how the password is set on the server instead, and no mail is
    made: the console would print its live link into the server's log."""

    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("password_reset_done")

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "mail_set_up": mail_is_set_up()}

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not mail_is_set_up():
            return self.get(request, *args, **kwargs)
        limit = settings.PASSWORD_RESET_LIMIT_PER_HOUR
        email = request.POST.get("email", "").strip().lower()
        if not allow("password_reset", client_ip(request), limit=limit, window=HOUR) or (
            email and not allow("password_reset_email", email, limit=limit, window=HOUR)
        ):
            return _throttled(request, "password_reset")
        return super().post(request, *args, **kwargs)


login_view = LoginView.as_view()
logout_view = auth_views.LogoutView.as_view()
password_change = auth_views.PasswordChangeView.as_view(
    template_name="accounts/password_change.html", success_url=reverse_lazy("password_change_done")
)
password_change_done = auth_views.PasswordChangeDoneView.as_view(
    template_name="accounts/password_done.html",
    extra_context={"done": "changed"},
)
password_reset = PasswordResetView.as_view()
password_reset_done = auth_views.PasswordResetDoneView.as_view(
    template_name="accounts/password_done.html", extra_context={"done": "mailed"}
)
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    template_name="accounts/password_reset_confirm.html",
    success_url=reverse_lazy("password_reset_complete"),
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view(
    template_name="accounts/password_done.html", extra_context={"done": "reset"}
)
