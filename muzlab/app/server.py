"""`muzlab class`: one process serves a whole class with Solara (students' pages and the teacher's).

Offline and private: Solara's telemetry is switched off, its assets proxy is on (the page asks this
server for its CDN files) and `LocalCdn` answers those from the installed `solara-assets` package, a
file missing there with a 404 instead of a download, so no request leaves the machine.
The class lives in its folder (`class.sqlite`).
"""

from __future__ import annotations

import gc
import logging
import os
import socket
import threading
import time
import warnings
import webbrowser
from dataclasses import replace
from pathlib import Path

from muzlab.app import solara_door
from muzlab.app.admission import Caps, Gate
from muzlab.app.class_state import (
    ADDRESS_VARIABLE,
    FOLDER_VARIABLE,
    MAX_SESSIONS,
    SITE_VARIABLE,
    UNJOINED_EVERY,
    UNJOINED_PER_ADDRESS,
    admission,
    classroom,
    sessions,
    term,
)
from muzlab.app.classroom import Classroom
from muzlab.app.inbox import read_ahead
from muzlab.app.lessons import LessonsError
from muzlab.app.lite.build import CHECKOUT
from muzlab.app.lite.scorm import check_site
from muzlab.app.outbox import queue_sends
from muzlab.app.quiet_shell import quiet_events
from muzlab.core.errors import MuzlabError
from muzlab.names.output_words import certificate_line, listening_lines
from muzlab.names.reader import PLAIN, Reader

#: Environment the server reads; set before Solara is imported.
SOLARA_SETTINGS = {
    "SOLARA_APP": "muzlab.app.pages",
    "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "False",
    "SOLARA_MODE": "production",
    "SOLARA_THEME_SHOW_BANNER": "False",
    "SOLARA_ASSETS_PROXY": "True",  # (the page's CDN files from this server: packed_files.LocalCdn)
    # the teacher's page gone quiet this long loses its session; a student's page goes sooner (its
    # address finds its seat again): JOINED_GRACE, UNJOINED_CULL, admission.UNPAGED_SECONDS
    "SOLARA_KERNEL_CULL_TIMEOUT": "15m",
}
#: Whether the pages' sockets compress each message (permessage-deflate). Off: a board's picture is
#: about 22 kB, and deflating every one for every page cost the server about 0.6 ms a picture, while
#: the school's network carries 22 kB a move to a page without effort.
WS_DEFLATE = False
#: The largest message a page may send (bytes): a click or a typed nickname is well under 1 kB; a
#: socket that sends more is closed (uvicorn's own limit would be 16 MiB).
MAX_MESSAGE = 1 << 20
DEFAULT_PORT = 8870
#: How often the server looks who has a page open and whether the date has changed (seconds).
LOOK_EVERY = 2.0
log = logging.getLogger(__name__)


def lan_address() -> str:
    """This computer's address on the school network, as its host name resolves (no packet is sent),
    or its host name when only loopback addresses are known."""
    name = socket.gethostname()
    try:
        found = {info[4][0] for info in socket.getaddrinfo(name, None, socket.AF_INET)}
    except OSError:
        return name
    outside = sorted(address for address in found if not address.startswith("127."))
    return outside[0] if outside else name


def check_ip(ip: str) -> None:
    """MuzlabError naming `ip` unless this computer can listen on it (an address of its own, or a name
    for one), found before anything is opened: uvicorn would end in an English traceback."""
    try:
        family, *_rest, where = socket.getaddrinfo(ip, 0, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind(where)
    except (OSError, UnicodeError, ValueError):
        raise MuzlabError("{ip} is not an address this computer can listen on: give one of its own, such "
                          "as 127.0.0.1 (this computer only) or 0.0.0.0 (the school network)",
                          ip=repr(ip[:60])) from None


def free_port(ip: str, start: int = DEFAULT_PORT) -> int:
    """The first port from `start` that nothing listens on."""
    for port in range(start, start + 100):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((ip, port))
                return port
            except OSError:
                continue
    raise OSError(f"no free port from {start} to {start + 99} on {ip}")


def addresses(room: Classroom, ip: str, port: int, scheme: str = "http") -> tuple[str, str]:
    """The students' and the teacher's addresses (the teacher's carries the secret key)."""
    host = lan_address() if ip == "0.0.0.0" else ip
    base = f"{scheme}://{host}:{port}"
    return f"{base}/?code={room.class_code}", f"{base}/teacher?key={room.teacher_key}"


def end_session(session: str) -> None:
    """End a Solara session now: its sockets closed (`admission`), its page let go and its context closed."""
    admission.end(session)
    sessions.leave(session)
    context = solara_door.session(session)
    if context is not None:
        try:
            solara_door.close_session(context)
        except Exception:  # a page that cannot be ended now is left to Solara's own cull
            log.exception("a page could not be ended")


def _keep_watch(every: float = UNJOINED_EVERY) -> None:
    """Now and then, end the sessions that ran no page in time, and the pages whose socket has been gone
    too long (`Sessions.to_end`); forget the sessions Solara let go, and collect the pages that ended."""

    def connected(session: str) -> bool:
        return solara_door.connected(solara_door.session(session))

    while True:
        time.sleep(every)
        for session in dict.fromkeys([*admission.to_end(), *sessions.to_end(connected)]):
            end_session(session)
        admission.sweep(lambda session: solara_door.session(session) is not None)
        if sessions.any_left():  # (a page's widgets hold one another: collected now, at most every
            gc.collect()  # `every` seconds, their memory serves the next pages)


def _look_around(every: float = LOOK_EVERY) -> None:
    """Now and then, look who is here and what day it is: the open pages are told when a student's
    socket dropped or came back (the teacher's roster marks it) and on a new day (assignments open
    and close with it); neither tells anybody by itself."""
    while True:
        time.sleep(every)
        try:
            classroom().look_who_is_here()
            term().new_day()
        except Exception:  # the next look tries again
            log.exception("the pages could not be told who is here or what day it is")


def default_site() -> Path | None:
    """This checkout's homework edition (out/lite) when it is built, else None (no lesson packages)."""
    if CHECKOUT is None:
        return None
    site = CHECKOUT / "out" / "lite"
    try:
        check_site(site)
    except LessonsError:
        return None
    return site


def _settle(folder: Path, site: str | Path | None, max_pages: int, per_address: int | None,
            waiting_per_address: int) -> None:
    """Set what the server's pages read from the process before the class opens: the class folder, the
    homework edition (checked), Solara's settings and the caps on pages and sockets."""
    site = Path(site).resolve() if site is not None else default_site()
    if site is not None:
        check_site(site)
        os.environ[SITE_VARIABLE] = str(site)
    os.environ.update(SOLARA_SETTINGS)
    os.environ[FOLDER_VARIABLE] = str(folder)
    # The pages' session cookie is SameSite=Lax, which is what the class needs (its pages are never shown
    # in another site's frame); Solara warns, in English, on a plain-http address that it cannot be None.
    warnings.filterwarnings("ignore", message="Cookies with samesite=none require https",
                            category=UserWarning)
    sessions.cap, sessions.unjoined_per_address = max_pages, waiting_per_address
    caps = Caps.for_pages(max_pages)
    if per_address is not None:
        caps = replace(caps, sessions_per_address=per_address, sockets_per_address=per_address,
                       new_per_minute=2 * per_address)
    admission.caps = caps


def serve(folder: str | Path, ip: str = "127.0.0.1", port: int | None = None, browser: bool = True,
          max_pages: int = MAX_SESSIONS, reader: Reader = PLAIN, per_address: int | None = None,
          waiting_per_address: int = UNJOINED_PER_ADDRESS, https: bool = False,
          site: str | Path | None = None) -> None:
    """Serve the class in `folder` until stopped; prints `students: <url>` and `teacher: <url>` once it
    listens. The folder is held for the server's life: a second server on it is refused at once.
    `per_address`: Solara sessions (and sockets) one client address may hold (default: 2 x max_pages
    + 10), and make twice that a minute; `waiting_per_address`: students' pages not joined yet from one
    address (docs/class/limits.md); `https`: served over https with the class folder's own certificate
    (muzlab.app.class_certificate, docs/class/https.md), so phones may use the microphone; `site`: the
    built homework edition the teacher's page packs lessons from (default: `default_site()`), refused
    at once when it is not one."""
    folder = Path(folder).resolve()
    check_ip(ip)
    _settle(folder, site, max_pages, per_address, waiting_per_address)
    room = classroom()  # takes the folder's lock, or raises ClassFolderError (one line, exit 2)
    term()  # the term's events replayed (or the same one line)
    port = port if port is not None else free_port(ip)
    students, teacher = addresses(room, ip, port, "https" if https else "http")
    tls, trust = {}, ""
    if https:
        from muzlab.app.class_certificate import CA_PATH, class_certificate, served_names

        certificate = class_certificate(folder, served_names(ip, lan_address()))
        tls = {"ssl_certfile": str(certificate.cert_file), "ssl_keyfile": str(certificate.key_file)}
        trust = certificate_line(students.partition("/?")[0] + CA_PATH, reader)
    os.environ[ADDRESS_VARIABLE] = students.partition("?")[0]
    import uvicorn

    from muzlab.app.packed_files import LocalCdn, PackedFiles
    from muzlab.app.warm_start import light_gzip, warm_up

    # the speed-ups, each through the one door to Solara's internals, or none on another Solara:
    # level 1 gzip (Solara's 9 costs each new device 0.3-0.5 s of CPU for 20 % fewer bytes), a page's
    # thread queues its messages and goes on (muzlab.app.outbox), a socket's messages read on the event
    # loop as they come (muzlab.app.inbox), Solara's FakeIPython of each message without a MagicMock
    patched = solara_door.install((light_gzip, queue_sends, read_ahead, quiet_events), reader)
    solara_door.zoomable_pages()  # (a page a person can zoom, its language on <html>)
    # the page's files from memory, compressed once, the CDN's from the installed solara-assets
    files = PackedFiles(LocalCdn(solara_door.starlette_app(), solara_door.cdn_folder()))
    # every socket counted and capped per client address before Solara makes it a session
    app = Gate(files, admission)
    if https:  # (the authority's certificate at /muzlab-class-ca.pem, for the devices to install)
        from muzlab.app.class_certificate import CertificateDoor

        app = CertificateDoor(app, certificate.ca_pem())
    server = uvicorn.Server(uvicorn.Config(app, host=ip, port=port, log_level="warning", ws_ping_interval=20,
                                           ws_per_message_deflate=WS_DEFLATE, ws_max_size=MAX_MESSAGE, **tls))

    def when_listening() -> None:
        while not server.started:
            if server.should_exit:
                return
            time.sleep(0.05)
        print(listening_lines(students, teacher, reader), flush=True)  # (in the command's language)
        if trust:
            print(trust, flush=True)
        if browser:
            webbrowser.open(teacher)

    if patched:  # the first page's one-time work (Solara's page and files, the teacher's widgets)
        warm_up(files)
    threading.Thread(target=_keep_watch, daemon=True).start()
    threading.Thread(target=_look_around, daemon=True).start()
    gc.freeze()  # the imported libraries stay put: the collector then walks only the class's own objects
    threading.Thread(target=when_listening, daemon=True).start()
    server.run()
