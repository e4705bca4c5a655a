"""Seat, invite and password-reset tokens never reach a log.

A seat link (``/s/<token>/``, gamenight/urls/links.py) lets whoever
holds it see that seat's face-down cards and act for it; an invite link
(``/join/<token>/``) lets anyone into the group; a table link (``/tv/<token>/``)
shows the night's table; a player link (``/p/<token>/``) shows a player's nights
and answers for them; a password-reset link (``/accounts/password/reset/<uid>/<token>/``,
opened from the mail) sets its account's password. All are in every request line,
in the Referer of the page's own static files and in Django's "Not Found: ..."
warnings, so every log line is masked: the Django console handler through
:class:`MaskTokensFilter` (settings.LOGGING), gunicorn's access and error logs
through :class:`GunicornLogger` (``--logger-class``, gamenight/commands.py).
"""

from __future__ import annotations

import logging
import re
from typing import Any, Final

from gunicorn import glogging

# /s/<token>, /join/<token>, /tv/<token> (the table link), /p/<token> (a player's
# own link), also URL-encoded inside a query (?next=%2Fjoin%2F...).
_TOKEN_PATH: Final = re.compile(r"((?:/|%2[fF])(?:s|join|tv|p)(?:/|%2[fF]))[A-Za-z0-9_-]+")
# The reset link's token (Django's PasswordResetConfirmView); the page it sends the
# browser on to ends in "set-password" instead, which is no secret.
_SLASH: Final = "(?:/|%2[fF])"
_RESET_PATH: Final = re.compile(
    rf"({_SLASH}password{_SLASH}reset{_SLASH}[A-Za-z0-9_-]+{_SLASH})(?!set-password)[A-Za-z0-9_-]+"
)
MASK: Final = "<token>"


def mask_tokens(text: str) -> str:
    """``text`` with the token of every seat, invite and reset path replaced by ``<token>``."""
    return _RESET_PATH.sub(rf"\g<1>{MASK}", _TOKEN_PATH.sub(rf"\g<1>{MASK}", text))


class MaskTokensFilter(logging.Filter):
    """Masks tokens in a record's message (formatted with its arguments first)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


class GunicornLogger(glogging.Logger):  # type: ignore[misc]  # gunicorn: no stubs
    """gunicorn's logger, with the access and error logs masked."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.access_log, self.error_log):
            log.addFilter(MaskTokensFilter())
            # On the handlers too: the uvicorn worker logs its access lines through
            # these handlers from its own loggers, which the filter above misses.
            for handler in log.handlers:
                handler.addFilter(MaskTokensFilter())
