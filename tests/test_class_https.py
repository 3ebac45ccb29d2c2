"""The class server over https (`muzlab class --https`, issue #59): the class folder's authority is made
once, the server's certificate again only when its addresses change or it runs out, the server answers
over https to a client that trusts the class's authority alone, hands out that authority's certificate,
and a browser trusting the server's key finds its page a secure context (where the microphone may be
used)."""

from __future__ import annotations

import base64
import datetime
import hashlib
import ssl
import stat
import urllib.request

import pytest
from class_devices import ClassServer
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from test_browser import CHROMIUM_ARGS, chromium_path

from muzlab.app.class_certificate import (
    CA_FILE,
    CA_KEY_FILE,
    CA_PATH,
    HTTPS_FOLDER,
    RENEW_DAYS,
    SERVER_DAYS,
    class_certificate,
    served_names,
)

NOW = datetime.datetime(2026, 12, 7, 9, 0, tzinfo=datetime.UTC)


def certificate(path) -> x509.Certificate:
    """The first certificate of a PEM file."""
    return x509.load_pem_x509_certificate(path.read_bytes())


def names_of(cert: x509.Certificate) -> set[str]:
    found = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    addresses = {str(name) for name in found.get_values_for_type(x509.IPAddress)}
    return addresses | set(found.get_values_for_type(x509.DNSName))


def test_the_authority_is_made_once_and_the_server_certificate_again_only_when_it_must(tmp_path):
    made = class_certificate(tmp_path, ["localhost", "127.0.0.1", "192.168.1.20"], now=NOW)
    folder = tmp_path / HTTPS_FOLDER
    assert made.ca_file == folder / CA_FILE and (folder / CA_KEY_FILE).is_file()
    for key in (folder / CA_KEY_FILE, made.key_file):  # the keys: their owner's alone
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
    authority, server = certificate(made.ca_file), certificate(made.cert_file)
    assert server.issuer == authority.subject
    assert names_of(server) == {"localhost", "127.0.0.1", "192.168.1.20"}
    assert server.not_valid_after_utc - NOW == datetime.timedelta(days=SERVER_DAYS)
    assert authority.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    ca, leaf, key = made.ca_file.read_bytes(), made.cert_file.read_bytes(), made.key_file.read_bytes()
    # the same addresses a month later: nothing made again
    again = class_certificate(tmp_path, ["localhost", "127.0.0.1", "192.168.1.20"],
                              now=NOW + datetime.timedelta(days=30))
    assert again.ca_file.read_bytes() == ca
    assert (again.cert_file.read_bytes(), again.key_file.read_bytes()) == (leaf, key)
    # another network address: a new server certificate from the same authority
    moved = class_certificate(tmp_path, ["localhost", "127.0.0.1", "10.0.0.7"], now=NOW)
    assert moved.ca_file.read_bytes() == ca and moved.cert_file.read_bytes() != leaf
    assert names_of(certificate(moved.cert_file)) == {"localhost", "127.0.0.1", "10.0.0.7"}
    assert certificate(moved.cert_file).issuer == authority.subject
    # near its end: made again, still by the same authority
    late = NOW + datetime.timedelta(days=SERVER_DAYS - RENEW_DAYS + 1)
    renewed = class_certificate(tmp_path, ["localhost", "127.0.0.1", "10.0.0.7"], now=late)
    assert renewed.ca_file.read_bytes() == ca
    assert certificate(renewed.cert_file).not_valid_after_utc - late == datetime.timedelta(days=SERVER_DAYS)


def test_a_server_on_every_address_names_the_network_address_and_the_loopback_ones():
    names = served_names("0.0.0.0", "192.168.1.20")
    assert {"localhost", "127.0.0.1", "192.168.1.20"} <= set(names) and "0.0.0.0" not in names
    assert set(served_names("127.0.0.1", "192.168.1.20")) >= {"localhost", "127.0.0.1"}
    assert "192.168.1.20" not in served_names("127.0.0.1", "192.168.1.20")


@pytest.fixture(scope="module")
def https_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("https") / "class"
    server = ClassServer(folder, "--https")
    server.start()
    trust_line = server.process.stdout.readline().split()
    try:
        yield server, trust_line
    finally:
        server.kill()


@pytest.mark.slow
def test_the_class_answers_over_https_to_a_client_that_trusts_its_authority_alone(https_server):
    server, trust_line = https_server
    assert server.students.startswith(f"https://127.0.0.1:{server.port}/?code=")
    assert server.teacher.startswith(f"https://127.0.0.1:{server.port}/teacher?key=")
    ca_file = server.folder / HTTPS_FOLDER / CA_FILE
    address = f"https://127.0.0.1:{server.port}{CA_PATH}"
    assert trust_line[-2:] == [address, "(docs/class/https.md)"]
    trusting = ssl.create_default_context(cafile=str(ca_file))
    with urllib.request.urlopen(server.students, context=trusting, timeout=30) as answer:
        assert answer.status == 200 and b"<html" in answer.read().lower()
    with urllib.request.urlopen(address, context=trusting, timeout=30) as answer:
        assert answer.read() == ca_file.read_bytes()
        assert answer.headers["content-type"] == "application/x-x509-ca-cert"
    with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
        urllib.request.urlopen(server.students, context=ssl.create_default_context(), timeout=30)


@pytest.mark.browser
@pytest.mark.slow
def test_a_browser_trusting_the_class_finds_its_page_a_secure_context(https_server):
    from playwright.sync_api import sync_playwright

    server, _ = https_server
    leaf = certificate(server.folder / HTTPS_FOLDER / "server.pem")
    spki = base64.b64encode(hashlib.sha256(leaf.public_key().public_bytes(
        Encoding.DER, PublicFormat.SubjectPublicKeyInfo)).digest()).decode()
    with sync_playwright() as playwright:
        trusting = [*CHROMIUM_ARGS, f"--ignore-certificate-errors-spki-list={spki}"]
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=trusting)
        try:
            page = browser.new_page()
            page.goto(server.students)
            page.wait_for_selector("text=/nickname|Spitzname/i", timeout=60_000)
            assert page.evaluate("window.isSecureContext") is True
            assert page.evaluate("location.protocol") == "https:"
        finally:
            browser.close()
