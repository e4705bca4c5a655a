"""Sign up, log in and log out (Django's auth views; django-axes throttles logins)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.views import LoginView, LogoutView
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from gamenight.forms.accounts import SignUpForm


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
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


login_view = LoginView.as_view(
    template_name="accounts/login.html", redirect_authenticated_user=True
)
logout_view = LogoutView.as_view()
