"""URLs of accounts, groups, players, seasons, nights and the rules cards."""

from django.urls import URLPattern, URLResolver, path

from gamenight import url_converters  # noqa: F401  (registers <id:...>)
from gamenight.views import accounts, groups, nights, players, rules_cards, seasons

urlpatterns: list[URLPattern | URLResolver] = [
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login_view, name="login"),
    path("accounts/logout/", accounts.logout_view, name="logout"),
    path("accounts/password/", accounts.password_change, name="password_change"),
    path("accounts/password/done/", accounts.password_change_done, name="password_change_done"),
    path("accounts/password/reset/", accounts.password_reset, name="password_reset"),
    path("accounts/password/reset/sent/", accounts.password_reset_done, name="password_reset_done"),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        accounts.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        accounts.password_reset_complete,
        name="password_reset_complete",
    ),
    path("groups/new/", groups.group_create, name="group_create"),
    path("groups/<id:group_id>/", groups.group_detail, name="group_detail"),
    path(
        "groups/<id:group_id>/invite/rotate/",
        groups.group_invite_rotate,
        name="group_invite_rotate",
    ),
    path(
        "groups/<id:group_id>/invite/single/",
        groups.group_invite_single,
        name="group_invite_single",
    ),
    path(
        "groups/<id:group_id>/members/<id:membership_id>/remove/",
        groups.member_remove,
        name="member_remove",
    ),
    path(
        "groups/<id:group_id>/members/<id:membership_id>/role/",
        groups.member_role,
        name="member_role",
    ),
    path("join/<token:token>/", groups.group_join, name="group_join"),
    path("groups/<id:group_id>/players/new/", players.player_create, name="player_create"),
    path("groups/<id:group_id>/seasons/new/", seasons.season_create, name="season_create"),
    path("groups/<id:group_id>/nights/new/", nights.night_create, name="night_create"),
    path("nights/<id:night_id>/", nights.night_detail, name="night_detail"),
    path("nights/<id:night_id>/start/", nights.night_start, name="night_start"),
    path("nights/<id:night_id>/arrive/", nights.night_arrive, name="night_arrive"),
    path("nights/<id:night_id>/rebuy/", nights.night_rebuy, name="night_rebuy"),
    path("nights/<id:night_id>/leave/", nights.night_leave, name="night_leave"),
    path("nights/<id:night_id>/leave/fold/", nights.night_fold_leave, name="night_fold_leave"),
    path("nights/<id:night_id>/split/", nights.night_split, name="night_split"),
    path("nights/<id:night_id>/end/", nights.night_end, name="night_end"),
    path("rules/<slug:game>/", rules_cards.rules_card, name="rules_card"),
]
