"""URLs of the night and season reports and the group's chip value."""

from django.urls import URLPattern, URLResolver, path

from gamenight import url_converters  # noqa: F401  (registers <id:...>)
from gamenight.views import reports

urlpatterns: list[URLPattern | URLResolver] = [
    path("nights/<id:night_id>/report/", reports.night_report, name="night_report"),
    path(
        "nights/<id:night_id>/report/chart.png", reports.night_report_png, name="night_report_png"
    ),
    path(
        "nights/<id:night_id>/report/entries.csv",
        reports.night_report_csv,
        name="night_report_csv",
    ),
    path(
        "nights/<id:night_id>/report/build/",
        reports.night_report_rebuild,
        name="night_report_rebuild",
    ),
    path(
        "nights/<id:night_id>/report/mail/",
        reports.night_report_mail,
        name="night_report_mail",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/",
        reports.season_report,
        name="season_report",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/chart.png",
        reports.season_report_png,
        name="season_report_png",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/entries.csv",
        reports.season_report_csv,
        name="season_report_csv",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/build/",
        reports.season_report_rebuild,
        name="season_report_rebuild",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/mail/",
        reports.season_report_mail,
        name="season_report_mail",
    ),
    path("groups/<id:group_id>/chip-value/", reports.chip_value, name="chip_value"),
]
