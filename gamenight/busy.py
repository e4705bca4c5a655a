"""A database too busy to answer in time is a clear "try again" page, never a bare 500.

SQLite makes a writer wait for the write lock (settings: IMMEDIATE transactions,
busy timeout); PostgreSQL may give up on a deadlock or a lock timeout. If a
lock error still escapes, nothing was written (the transaction was rolled back),
and every ledger write carries an idempotency key, so sending the same form
again is safe: the page says so, in the page's language, with status 503 and a
Retry-After. The view's errors reach :class:`DatabaseBusyMiddleware`; errors of
other middleware (a session save, say) reach the 500 handler, :func:`server_error`.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views import defaults
from django_htmx.http import reswap, retarget

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 2
# SQLite's messages; PostgreSQL's SQLSTATEs of serialization failure, deadlock, lock timeout.
SQLITE_BUSY = ("database is locked", "database table is locked", "database is busy")
POSTGRES_BUSY = frozenset({"40001", "40P01", "55P03"})


def is_busy(error: BaseException | None) -> bool:
    """Whether ``error`` means "the database was busy": worth the same request again."""
    if not isinstance(error, OperationalError):
        return False
    if any(text in str(error) for text in SQLITE_BUSY):
        return True
    return getattr(error.__cause__, "sqlstate", None) in POSTGRES_BUSY


def busy_response(request: HttpRequest) -> HttpResponse:
    """503: the page (or, for HTMX, the message alone) saying nothing was recorded."""
    message = gettext(
        "So many phones wrote at once that the database was busy: nothing was recorded. "
        "Send it again in a moment (a repeated send is recorded only once)."
    )
    if getattr(request, "htmx", False):
        html = render_to_string("busy.html#message", {"message": message}, request=request)
        # Shown above the page's content, whatever part of the page asked.
        response = reswap(retarget(HttpResponse(html, status=503), "#main"), "afterbegin")
    else:
        html = render_to_string("busy.html", {"message": message}, request=request)
        response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseBusyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_busy(exception):
            return None
        logger.warning("database busy on %s %s: %s", request.method, request.path, exception)
        return busy_response(request)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: the busy page for a lock error raised outside the view, else Django's 500."""
    error = sys.exc_info()[1]
    if is_busy(error):
        logger.warning("database busy on %s %s: %s", request.method, request.path, error)
        return busy_response(request)
    return defaults.server_error(request)
