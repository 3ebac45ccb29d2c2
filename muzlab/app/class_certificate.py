"""The class server over https (`muzlab class --https`): a certificate authority made once for the class
folder, which each device trusts once, and a server certificate it signs for the addresses the class is
served on.

A page served over https is a secure context, where a phone's browser lets a page use the microphone;
over plain http on a school network it does not. The authority's key never leaves the class folder
(`https/`, readable by its owner only); its certificate is public, and the server hands it out at
`CA_PATH` for devices to install (docs/class/https.md). The server certificate is made again, by the
same authority, when the addresses change or it has less than `RENEW_DAYS` to run, so a device that
trusts the authority once trusts every later certificate.
"""

from __future__ import annotations

import contextlib
import datetime
import ipaddress
import os
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import trustme
from cryptography import x509

#: The folder, inside the class folder, holding the authority and the server certificate.
HTTPS_FOLDER = "https"
#: The authority's certificate, which a device installs, as the server serves it.
CA_FILE = "muzlab-class-ca.pem"
CA_PATH = "/" + CA_FILE
CA_KEY_FILE = "ca-key.pem"
SERVER_FILE = "server.pem"
SERVER_KEY_FILE = "server-key.pem"
#: A server certificate runs 397 days, the longest every browser accepts (Safari's limit is 398).
SERVER_DAYS = 397
RENEW_DAYS = 30


@dataclass(frozen=True)
class ClassCertificate:
    """The files of a class's https: the authority's certificate (for devices) and the server's
    certificate chain and key (for the server), with the addresses the server certificate names."""

    ca_file: Path
    cert_file: Path
    key_file: Path
    names: tuple[str, ...]

    def ca_pem(self) -> bytes:
        """The authority's certificate, as a device installs it."""
        return self.ca_file.read_bytes()


def served_names(ip: str, network_address: str) -> tuple[str, ...]:
    """The names a server on `ip` answers to: that address (for 0.0.0.0, `network_address`, the one the
    class's pages give, and each other address of this machine), this machine's name, and the loopback
    names."""
    names = ["localhost", "127.0.0.1", socket.gethostname()]
    if ip == "0.0.0.0":
        names.append(network_address)
        with contextlib.suppress(OSError):  # (a machine whose name does not resolve: its address alone)
            names += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    else:
        names.append(ip)
    return tuple(dict.fromkeys(name for name in names if name and name != "0.0.0.0"))


def class_certificate(folder: Path, names: Sequence[str],
                      now: datetime.datetime | None = None) -> ClassCertificate:
    """The class's https files in `folder/https/`: its authority (made the first time, then kept) and a
    server certificate for `names`, made again when it names other addresses or runs out within
    `RENEW_DAYS` of `now`."""
    now = now or datetime.datetime.now(datetime.UTC)
    where = Path(folder) / HTTPS_FOLDER
    where.mkdir(mode=0o700, parents=True, exist_ok=True)
    ca_file, ca_key = where / CA_FILE, where / CA_KEY_FILE
    if ca_file.exists() and ca_key.exists():
        authority = trustme.CA.from_pem(ca_file.read_bytes(), ca_key.read_bytes())
    else:
        authority = trustme.CA(organization_name="muzlab class", organization_unit_name=Path(folder).name)
        _write(ca_key, authority.private_key_pem.bytes(), private=True)
        _write(ca_file, authority.cert_pem.bytes())
    found = ClassCertificate(ca_file, where / SERVER_FILE, where / SERVER_KEY_FILE, tuple(names))
    if not _still_good(found, authority, now):
        leaf = authority.issue_cert(*found.names, common_name=found.names[0],
                                    organization_name="muzlab class",
                                    not_before=now - datetime.timedelta(hours=1),
                                    not_after=now + datetime.timedelta(days=SERVER_DAYS))
        _write(found.key_file, leaf.private_key_pem.bytes(), private=True)
        _write(found.cert_file, b"".join(blob.bytes() for blob in leaf.cert_chain_pems))
    return found


def _still_good(found: ClassCertificate, authority: trustme.CA, now: datetime.datetime) -> bool:
    """Whether the server certificate on disk was signed by `authority`, names exactly `found.names`
    and runs beyond `RENEW_DAYS` from `now`."""
    if not (found.cert_file.exists() and found.key_file.exists()):
        return False
    try:
        cert = x509.load_pem_x509_certificate(found.cert_file.read_bytes())
        names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, x509.ExtensionNotFound):
        return False
    held = {str(name) for name in names.get_values_for_type(x509.IPAddress)}
    held |= set(names.get_values_for_type(x509.DNSName))
    wanted = {str(ipaddress.ip_address(name)) if _is_address(name) else name for name in found.names}
    issuer = x509.load_pem_x509_certificate(authority.cert_pem.bytes()).subject
    return (held == wanted and cert.issuer == issuer
            and cert.not_valid_after_utc - now > datetime.timedelta(days=RENEW_DAYS))


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _write(path: Path, data: bytes, private: bool = False) -> None:
    """Write a certificate or key file whole (a key readable by its owner only)."""
    part = path.with_name(path.name + ".part")
    descriptor = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
    with os.fdopen(descriptor, "wb") as file:
        file.write(data)
    os.replace(part, path)


class CertificateDoor:
    """An ASGI app in front of `app` that answers `CA_PATH` with the class's authority certificate, so
    a device can fetch it from the class's own address and install it."""

    def __init__(self, app: Any, ca_pem: bytes):
        self.app, self.ca_pem = app, ca_pem

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") == "http" and scope.get("path") == CA_PATH:
            await send({"type": "http.response.start", "status": 200, "headers": [
                (b"content-type", b"application/x-x509-ca-cert"),
                (b"content-disposition", f'attachment; filename="{CA_FILE}"'.encode()),
                (b"content-length", str(len(self.ca_pem)).encode())]})
            await send({"type": "http.response.body", "body": self.ca_pem})
            return
        await self.app(scope, receive, send)
