"""Test clients logged in as a person."""

from __future__ import annotations

from typing import Any

from django.test import Client


def client_for(user: Any | None, *, raise_request_exception: bool = True, **headers: Any) -> Client:
    """A client logged in as ``user`` (anonymous for None).

    ``raise_request_exception=False`` makes a server error come back as the
    500 response a browser would get instead of an exception in the test.
    """
    client = Client(raise_request_exception=raise_request_exception, **headers)
    if user is not None:
        client.force_login(user)
    return client
