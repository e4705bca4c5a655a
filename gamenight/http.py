"""The request types views are annotated with, so mypy knows what middleware set.

django-htmx's middleware gives every request ``htmx``; a view behind
``@login_required`` only ever sees a signed-in ``User``, never the
``AnonymousUser`` that plain ``HttpRequest.user`` may be. Declaring that once
here (as healthchecks' ``AuthenticatedHttpRequest`` and django-htmx's example
``HtmxHttpRequest`` do) lets views hand ``request.user`` to services without
casts or ignores.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """Any request that went through ``django_htmx.middleware.HtmxMiddleware``."""

    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    """A request of a signed-in user: only for views behind ``@login_required``."""

    user: User
