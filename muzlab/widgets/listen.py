"""Hear and see one structure: an ipywidgets Audio player, its name, its staff and a piano keyboard.

Drawing a staff (music21 and verovio) is the slowest thing a click can start, so a panel made with
`background=True` (the classroom app's PlayBoard) makes the sound and pictures on one worker thread in
a running kernel and shows them when ready: the board a click changed is sent first, and the next
Roll never waits for a staff. A worker thread has none of its caller's reading settings, so the work
is given them as a value (`Reading`), captured when it is submitted. Every staff drawn through this
module holds `NOTATION_LOCK`, as verovio's one toolkit draws one staff at a time.

In the homework edition (Pyodide, `sys.platform == "emscripten"`) there are no threads, numpy or
music21: the work runs at once, and a run brings its keyboard, its note events, which the page's Web
Audio plays (`WebSound`), and its staff as MEI, which the page's verovio draws (`VerovioStaff`).
"""

from __future__ import annotations

import asyncio
import html
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import NamedTuple, TypeVar

import ipywidgets as widgets

from muzlab.names import structure_words
from muzlab.names.language import labelled
from muzlab.names.letters import NotAStructure, SpelledRun
from muzlab.names.reader import Reader
from muzlab.names.spelling import run_title, spell_run
from muzlab.play.midi import midi_file_bytes
from muzlab.reading import default_reader, resolve
from muzlab.rules.position import Structure
from muzlab.views.keyboard import KeyboardError, keyboard_svg, layout
from muzlab.views.mei import run_mei
from muzlab.views.midi import run_file_name
from muzlab.views.register import rising_midi, run_events
from muzlab.widgets.files import Download, DownloadButton
from muzlab.widgets.staff import VerovioStaff
from muzlab.widgets.svgboard import scaled
from muzlab.widgets.websound import WebSound, play_words

T = TypeVar("T")
#: The thread that draws the staffs of panels made with background=True.
_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="muzlab-staff")
#: Held while a staff is drawn (on the worker or not): verovio's one toolkit draws one at a time.
NOTATION_LOCK = threading.Lock()
#: The staff's width and a keyboard octave's width at normal size, in pixels (they grow with the Size):
#: side by side they fit beside the die in hand in the PlayBoard's panel (540 at most).
STAFF_PX, OCTAVE_PX = 150, 155
#: The key names' size in white-key widths: at OCTAVE_PX (168 SVG units per octave), 18 units show as
#: 16.6 px at normal size, at least the 16 px of the PlayBoard's message line.
KEY_NAME_SIZE = 0.75


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop this code runs in (a kernel's), or None in a plain script or test."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def in_browser() -> bool:
    """True under Pyodide (the homework edition): no threads to start, no numpy or music21 to load."""
    return sys.platform == "emscripten"


def in_background(work: Callable[[Reader], T], then: Callable[[T], None], background: bool = True,
                  reader: Reader | None = None) -> None:
    """Run `work(reader)` on the worker thread, `reader` being the one given (by default the default
    reader where the work is submitted: the worker never looks it up), and `then(result)` back on the
    kernel's loop; without a running loop (or with background=False), both at once. Widgets change
    only in `then`, on the loop's own thread."""
    reading = resolve(reader)
    loop = running_loop() if background and not in_browser() else None
    if loop is None:
        then(work(reading))
        return
    future = _WORKER.submit(_yielding, work, reading)
    future.add_done_callback(lambda done: loop.call_soon_threadsafe(then, done.result()))


#: While the worker draws, the kernel's own thread gets Python back within this many seconds (not the
#: usual 5 ms), so a Roll clicked meanwhile is hardly slowed.
SWITCH_SECONDS = 0.0005


def _yielding(work: Callable[..., T], *args: object) -> T:
    """Run `work(*args)` with a short thread switch interval, restored afterwards."""
    usual = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_SECONDS)
    try:
        return work(*args)
    finally:
        sys.setswitchinterval(usual)


def warm_up() -> None:
    """In a kernel, load music21 and verovio on the worker thread before anyone completes a run (it
    takes seconds, once per kernel), so that the first completion does not slow the next Roll."""
    global _warming
    if _warming or running_loop() is None or in_browser():
        return
    _warming = True
    _WORKER.submit(_yielding, _drawn, spell_run("triad", ("C", "E", "G")), default_reader())


_warming = False  # the warm-up is under way or done in this process


def sized_svg(svg: str, px: float, css: str) -> str:
    """A picture in a box `px` pixels wide at normal size (growing with the Size), the SVG filling it."""
    if not svg:
        return ""
    svg = svg.replace("<svg ", '<svg style="width:100%;height:auto;display:block" ', 1)
    return f"<div class='{css}' style='width:{scaled(px)}'>{svg}</div>"


def structure_title(structure: Structure, reader: Reader | None = None) -> str:
    """What a student reads above the player, e.g. "D minor (complete triad): D–F–A — ii in C major" or
    "Eb major scale, degrees 2-3-4: F–G–Ab", for `reader` (by default the default reader); the notes as
    `Structure.spelling` writes them and the triad or key named as the board spells them, so the
    title, the board and the staff agree."""
    return _title(structure, _spelled(structure), resolve(reader))


def _spelled(structure: Structure) -> SpelledRun | None:
    """The structure as one spelled value (`Structure.spelled_run`), or None for a run that is no
    root-position triad or scale run (it is played note by note, with no staff)."""
    try:
        return structure.spelled_run()
    except NotAStructure:
        return None


def _title(structure: Structure, run: SpelledRun | None, reader: Reader) -> str:
    """`structure_title` of a structure and its spelled value."""
    if structure.kind == "triad" and not (structure.complete and structure.triads):
        return structure_words.describe(structure, reader)
    notes = "–".join(structure.spelling(reader))
    if structure.kind == "triad":
        found = structure_words.functions(structure, reader)
        title = reader.gettext("{triad} (complete triad): {notes}").format(
            triad=structure_words.triad_names(structure, reader)[0], notes=notes)
        return f"{title} — {', '.join(found)}" if found else title
    if run is None:
        return structure_words.describe(structure, reader)
    name = run_title(run, reader)
    if structure.complete:  # (the name says "scale")
        return reader.gettext("{scale} (complete): {notes}").format(scale=name, notes=notes)
    return labelled(name, notes, reader.language)


def _choose(reader: Reader) -> str:
    """The panel's title before a run is chosen."""
    text = reader.gettext("Choose a run to hear it.")
    return f"<i>{html.escape(text)}</i>"


class ListenPanel(widgets.VBox):
    """Plays a triad or scale run and shows it on a staff and a piano keyboard under the player;
    `show(structure)` loads one (and plays it at once with autoplay, as the PlayBoard does when
    something is completed); `save_midi` downloads the run as a MIDI file, `save_braille` as braille music
    (not in the homework edition, which has no music21). With `player_apart` the panel leaves `player`,
    `save_midi` and `save_braille` out, for its owner to place;
    `on_drawn()` is called each time a run's staff and keyboard are in the panel (its `pictures`)."""

    def __init__(self, autoplay: bool = False, background: bool = False, player_apart: bool = False,
                 on_drawn: Callable[[], None] | None = None):
        self.title = widgets.HTML(_choose(resolve(None)))
        # narrow enough to stand beside the title, so that the staff and keyboard come right under it
        if in_browser():  # no numpy for a WAV: the page's Web Audio plays the notes
            self.player = WebSound(autoplay=autoplay, description=play_words(resolve(None)))
        else:
            self.player = widgets.Audio(format="wav", autoplay=autoplay, loop=False,
                                        layout=widgets.Layout(width="200px", height="36px"))
        # no music21 in the browser: the page's verovio draws the MEI muzlab writes
        self.staff = VerovioStaff(width=scaled(STAFF_PX)) if in_browser() else widgets.HTML()
        self.staff.add_class("muz-staff")
        self.keyboard = widgets.HTML()  # not `keys`: a Widget trait of that name lists the synced traits
        self.keyboard.add_class("muz-keyboard")
        self.structure: Structure | None = None  # the run loaded last
        self.save_midi = DownloadButton("", self.midi_file, "muz-save-run-midi")
        self.save_midi.layout.display = "none"  # until a run is loaded
        self.save_braille = DownloadButton("", self.braille_file, "muz-save-run-braille")
        self.save_braille.layout.display = "none"  # until a run with a staff is loaded
        self.reader = resolve(None)  # the reader the panel speaks to last
        self._label(self.reader)
        self.background = background
        self.on_drawn = on_drawn
        if background:
            warm_up()
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        heading = self.title if player_apart else widgets.HBox(
            [self.title, self.player, self.save_midi, self.save_braille], layout=wrap)
        self.pictures = widgets.HBox([self.staff, self.keyboard], layout=wrap)
        self.pictures.add_class("muz-pictures")
        super().__init__([heading, self.pictures])
        self.add_class("muz-listen")

    def _label(self, reader: Reader) -> None:
        """The panel's buttons in `reader`'s language."""
        self.reader = reader
        self.save_braille.description = reader.pgettext("button", "Save braille")
        self.save_braille.tooltip = reader.gettext("Save this run as braille music (a text file of "
                                                   "Unicode braille) on this device")
        self.save_midi.description = reader.pgettext("button", "Save MIDI")
        self.save_midi.tooltip = reader.gettext("Save this run as music (a MIDI file) on this device")

    def midi_file(self) -> Download | None:
        """The run loaded last as a MIDI file, played as the panel plays it, for the browser to save."""
        structure = self.structure
        if structure is None:
            return None
        run = _spelled(structure)
        name = run_file_name(run) if run is not None else f"muzundrum-{structure.kind}.mid"
        return Download(name, "audio/midi", midi_file_bytes(_events(structure, run)))

    def braille_file(self) -> Download | None:
        """The run loaded last as braille music under its title in the panel's reader's language
        (`muzlab.views.braille`), UTF-8 text; None for no run, or one with no staff."""
        run = None if self.structure is None else _spelled(self.structure)
        if run is None:
            return None
        from muzlab.views.braille import braille_document  # music21: not in the homework edition

        name = run_file_name(run).removesuffix(".mid") + "-braille.txt"
        return Download(name, "text/plain", braille_document([run], self.reader).encode("utf-8"))

    def redraw(self, reader: Reader | None = None) -> None:
        """Write the run loaded last again for `reader` (by default the default reader; the same sound
        is not played again)."""
        self._label(resolve(reader))
        if isinstance(self.player, WebSound):
            self.player.description = play_words(resolve(reader))
        if self.structure is not None:
            self.show(self.structure, reader)
        else:
            self.title.value = _choose(resolve(reader))

    def show(self, structure: Structure, reader: Reader | None = None) -> None:
        """Load the sound and notation of a structure (made in the background in a kernel) for `reader`
        (by default the default reader where it is called, passed to the worker as a value); runs
        music21 cannot name play note by note."""
        reader = resolve(reader)
        self.structure = structure
        self._label(reader)
        self.save_midi.layout.display = ""
        run = _spelled(structure)  # the one spelled value the title, staff, keyboard and sound are made of
        self.save_braille.layout.display = "none" if run is None or in_browser() else ""
        self.title.value = f"<b>{_title(structure, run, reader)}</b>"

        def work(reading: Reader) -> Drawn:
            if run is not None:
                return _drawn(run, reading)
            events = _events(structure, None)
            if in_browser():
                return Drawn(b"", "", "", events)
            from muzlab.views import audio

            return Drawn(audio.to_wav_bytes(audio.synthesize(rising_midi(structure.pitches))), "", "", events)

        def then(drawn: Drawn) -> None:
            if self.structure is not structure:  # another run was chosen meanwhile
                return
            sound, staff, keys, played = drawn
            if isinstance(self.staff, VerovioStaff):
                self.staff.mei = staff
            else:
                self.staff.value = staff
            self.keyboard.value = keys
            if isinstance(self.player, WebSound):
                events = [list(event) for event in played]
                if self.player.events != events:
                    self.player.play(events)
            elif self.player.value != sound:
                self.player.value = sound
            if self.on_drawn is not None:
                self.on_drawn()

        in_background(work, then, self.background, reader)


class Drawn(NamedTuple):
    """What a panel shows of a run: its sound (WAV bytes; empty in the browser edition, whose page
    plays `events`), staff (SVG, or MEI in the browser edition), keyboard (SVG) and note events."""

    sound: bytes
    staff: str
    keys: str
    events: tuple[tuple[int, int, int], ...]


def _events(structure: Structure, run: SpelledRun | None) -> tuple[tuple[int, int, int], ...]:
    """How the panel plays a structure: its spelled run's events, else its notes upward."""
    if run is not None:
        return tuple(run_events(run))
    return tuple((i, 1, midi) for i, midi in enumerate(rising_midi(structure.pitches)))


@lru_cache(maxsize=256)
def _drawn(run: SpelledRun, reader: Reader) -> Drawn:
    """A spelled run's sound, staff and keyboard, made once for the `reader` they are remembered by
    (passed down to every picture, on whatever thread): the same triads and scales come back game
    after game. Every picture is drawn from the one value, nothing spelled or identified again. In the
    browser edition the staff is MEI, which the page's verovio draws, and the page plays the events."""
    events = tuple(run_events(run))
    if in_browser():
        return Drawn(b"", run_mei(run, reader), _keys(run, reader), events)
    from muzlab.views import audio  # numpy: not in the browser edition

    sound = audio.to_wav_bytes(audio.play_run(run))
    with NOTATION_LOCK:
        staff = _notation(run, reader)
    return Drawn(sound, sized_svg(staff, STAFF_PX, "muz-staff-picture"), _keys(run, reader), events)


def _keys(run: SpelledRun, reader: Reader) -> str:
    """The run on a piano keyboard from the white key at or below its first note (so that a completed
    run fits on about an octave, its key names as large as the text beside it), spelled as on the board
    and the staff for `reader`, with the semitones between neighbouring notes; empty for a run wider
    than the two octaves a keyboard shows."""
    try:
        svg = keyboard_svg(run, semitones=True, name_size=KEY_NAME_SIZE, start="first", reader=reader)
        whites = layout(run, start="first", reader=reader).whites
        return sized_svg(svg, OCTAVE_PX * whites / 7, "muz-keyboard-picture")
    except KeyboardError:
        return ""


def _notation(run: SpelledRun, reader: Reader) -> str:
    from muzlab.views import music  # music21 and verovio load only when a staff is first drawn

    return music.notation_svg(music.run_stream(run, reader=reader))
