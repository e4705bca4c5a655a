"""Sign-up, log-in and passwords, under ``accounts/``."""

from django.urls import URLPattern, path

from gamenight.views import accounts

urlpatterns: list[URLPattern] = [
    path("signup/", accounts.signup, name="signup"),
    path("login/", accounts.login_view, name="login"),
    path("logout/", accounts.logout_view, name="logout"),
    path("password/", accounts.password_change, name="password_change"),
    path("password/done/", accounts.password_change_done, name="password_change_done"),
    path("password/reset/", accounts.password_reset, name="password_reset"),
    path("password/reset/sent/", accounts.password_reset_done, name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        accounts.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("password/reset/done/", accounts.password_reset_complete, name="password_reset_complete"),
]
