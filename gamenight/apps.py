from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamenightConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "gamenight"
    verbose_name = _("Poker night")

    def ready(self) -> None:
        from gamenight import (
            signals,  # noqa: F401  (connects the handlers)
            sqlite_wal,  # noqa: F401  (WAL on each new SQLite connection)
        )
        from gamenight.live import publish  # noqa: F401  (announces every change of a night)
