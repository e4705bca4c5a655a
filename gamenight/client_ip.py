"""The address of the person at the other end, also behind a reverse proxy.

Behind the compose TLS proxy every request comes from the proxy's address, so
a lock-out keyed on ``REMOTE_ADDR`` would lock everyone out at once. With
``TRUSTED_PROXY_COUNT`` proxies in front of the app, the client is the address
that the outermost trusted proxy appended to ``X-Forwarded-For``: the entry
that many places from the right. Entries further left were sent by the client
and may be forged, so they are never used. django-axes calls this too
(``AXES_CLIENT_IP_CALLABLE``), so throttles and lock-outs agree on who is who.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _valid(address: str) -> str | None:
    try:
        return str(ipaddress.ip_address(address.strip()))
    except ValueError:
        return None


def client_ip(request: HttpRequest) -> str:
    remote = _valid(request.META.get("REMOTE_ADDR", "")) or "0.0.0.0"
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0))
    if proxies <= 0:
        return remote
    chain = [part for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part]
    if len(chain) < proxies:
        return remote
    return _valid(chain[-proxies]) or remote
