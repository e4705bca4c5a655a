"""This machine's names and addresses on the home network, found without network traffic.

`make run` serves the phones at the table, so the app must answer to the names
they use for this machine (``laptop.local``, ``192.168.1.23``) and to nothing
else: ALLOWED_HOSTS is built from them (settings.py) unless the environment
sets it. ``python -m gamenight.lan PORT`` prints the address to open and a QR
code of it for the phones (scripts/run.sh calls it at start).

Nothing here sends a packet: the addresses come from ``ip -j addr`` where it
exists, the host name's entries in the resolver (``/etc/hosts``, mDNS ...), and
a UDP socket that is connected but never sends (connecting a datagram socket
only asks the kernel which interface its route would use).
"""

from __future__ import annotations

import contextlib
import io
import ipaddress
import json
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterable

# Addresses of no real network: a UDP "connect" to them picks the default route's
# interface (RFC 5737 TEST-NET-1, RFC 3849 documentation prefix); nothing is sent.
_PROBE_V4 = ("192.0.2.1", 9)
_PROBE_V6 = ("2001:db8::1", 9)

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def _from_ip_command() -> list[str]:
    ip = shutil.which("ip")
    if ip is None:
        return []
    try:
        out = subprocess.run(
            [ip, "-j", "addr"], capture_output=True, text=True, timeout=2, check=True
        ).stdout
        interfaces = json.loads(out)
    except (OSError, subprocess.SubprocessError, ValueError):
        return []
    return [
        str(info["local"])
        for interface in interfaces
        for info in interface.get("addr_info", [])
        if "local" in info
    ]


def _from_resolver(name: str) -> list[str]:
    try:
        return [str(entry[4][0]) for entry in socket.getaddrinfo(name, None)]
    except OSError:
        return []


def _from_route(family: socket.AddressFamily, probe: tuple[str, int]) -> list[str]:
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as udp:
        udp.connect(probe)  # a datagram socket's connect sends nothing
        return [str(udp.getsockname()[0])]
    return []


def addresses() -> list[str]:
    """This machine's usable IP addresses (loopback included), each once, IPv4 first."""
    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    raw = [
        *_from_ip_command(),
        *_from_resolver(socket.gethostname()),
        *_from_route(socket.AF_INET, _PROBE_V4),
        *_from_route(socket.AF_INET6, _PROBE_V6),
    ]
    for text in raw:
        try:
            address = ipaddress.ip_address(text.split("%")[0])
        except ValueError:
            continue
        # A link-local IPv6 address needs a zone (%eth0) that no Host header carries.
        if address.is_link_local or address.is_unspecified or address in found:
            continue
        found.append(address)
    return [str(a) for a in sorted(found, key=lambda a: (a.version, a.is_loopback, int(a)))]


def host_form(address: str) -> str:
    """An address as it appears in a Host header (IPv6 in brackets)."""
    return f"[{address}]" if ":" in address else address


def machine_hosts(extra: Iterable[str] = ()) -> list[str]:
    """ALLOWED_HOSTS for this machine: its names, ``.local`` (mDNS), loopback, its addresses."""
    name = socket.gethostname().lower()
    hosts = [*LOOPBACK_NAMES, name, ".local", *(host_form(a) for a in addresses()), *extra]
    return list(dict.fromkeys(h for h in hosts if h))


def lan_url(port: int) -> str:
    """The address a phone on the same network opens (loopback when there is no network).

    The default route's address first: a machine may also have addresses the
    phones cannot reach (a Docker bridge, a VPN), and those sort lower.
    """
    known = addresses()
    routed = [a for a in _from_route(socket.AF_INET, _PROBE_V4) if a in known]
    outside = [a for a in known if not ipaddress.ip_address(a).is_loopback]
    chosen = [a for a in routed if not ipaddress.ip_address(a).is_loopback] or outside
    return f"http://{host_form(chosen[0]) if chosen else 'localhost'}:{port}/"


def banner(port: int, hosts: Iterable[str]) -> str:
    """What `make run` prints at start: where to go, which names it answers to, a QR code."""
    import segno

    url = lan_url(port)
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    code = out.getvalue()
    return (
        f"gamenight: open {url} on the phones (this machine: http://localhost:{port}/)\n"
        f"answers to: {', '.join(hosts)}\n"
        f"{code}"
        "Ctrl-C stops everything.\n"
    )


def main(argv: list[str]) -> int:
    from django.conf import settings

    port = int(argv[1]) if len(argv) > 1 else 8000
    sys.stdout.write(banner(port, settings.ALLOWED_HOSTS))
    return 0


if __name__ == "__main__":
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gamenight.settings")
    django.setup()
    raise SystemExit(main(sys.argv))
