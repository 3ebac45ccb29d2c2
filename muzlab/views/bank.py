"""Question banks for a school's own quizzes: items drawn from muzlab's question model, worded for one
reader, each with its board as a picture (or its sound), ready for Moodle XML
(muzlab.views.moodle_xml) or QTI 1.2 for Canvas (muzlab.views.qti).

A `BankItem` holds its text, its picture or sound, its choices with which are right and the sentence
each earns, a general feedback explaining the answer, and the ideas it tests (the term's names,
muzlab.play.ideas: the category and tags a teacher finds it by). Item i of a bank seeded S is drawn
from S × MAX_ITEMS + i, as the term draws item i of an assignment seeded S, so an assignment exported
as a bank (`make_bank((kind,), count, seed)`) asks what its students were asked. The same seed, kinds
and reader give the same bank, byte for byte: the pictures carry no date and the sounds come from the
built-in synth.
"""

from __future__ import annotations

import hashlib
import html
import io
import re
from collections.abc import Callable
from dataclasses import dataclass

from muzlab.core.errors import MuzlabError
from muzlab.core.hexgrid import Cell
from muzlab.names.language import DEFAULT_HARMONY
from muzlab.names.reader import Reader
from muzlab.play.ideas import BANK_IDEAS_OF, idea_words
from muzlab.reading import for_people
from muzlab.rules.position import Position
from muzlab.views import audio
from muzlab.views.bank_kinds import KINDS, Choice, draw
from muzlab.views.svg import board_view, board_words, view_svg

#: Most items in one bank, and the seed stride between a bank's (or an assignment's) items.
MAX_ITEMS = 100
#: The longest title a bank takes, in characters.
MAX_TITLE = 200
#: How a board is embedded: PNG (every browser and LMS shows it) or SVG (smaller, sharp when zoomed).
PICTURES = ("png", "svg")
#: The ear items' sound: 16-bit mono WAV at this rate (every browser plays WAV; 8 kHz keeps a
#: three-second item near 50 kB, and the synth leaves out the overtones it cannot carry).
SOUND_RATE = 8000
#: The board's picture: inches across and high at PNG_DPI (500 × 538 pixels), in PNG_COLOURS colours.
PNG_SIZE, PNG_DPI, PNG_COLOURS = (5.0, 5.375), 100, 64

MEDIA_TYPES = {"png": "image/png", "svg": "image/svg+xml", "wav": "audio/wav"}


class BankError(MuzlabError, ValueError):
    """A bank that cannot be made as asked: an unknown kind, a count or title out of bounds."""


@dataclass(frozen=True)
class Media:
    """A file an item embeds: its name (unique in the bank), its bytes, and its words for whoever
    cannot see or hear it (the board's accessible sentence)."""

    name: str
    data: bytes
    alt: str

    @property
    def media_type(self) -> str:
        """"image/png", "image/svg+xml" or "audio/wav"."""
        return MEDIA_TYPES[self.name.rsplit(".", 1)[1]]


@dataclass(frozen=True)
class BankItem:
    """One question of a bank, worded for one reader."""

    ident: str
    kind: str
    name: str
    text: str
    choices: tuple[Choice, ...]
    feedback: str
    #: The ideas it tests (English, as muzlab.play.ideas names them) and the same in the reader's words.
    ideas: tuple[str, ...]
    tags: tuple[str, ...]
    picture: Media | None = None
    sound: Media | None = None

    @property
    def several(self) -> bool:
        """Whether more than one choice may be right (every right cell, every key a run fits): the
        student is not told how many."""
        return self.kind in ("where", "run")

    @property
    def category(self) -> str:
        """The first idea it tests, in the reader's words: where a teacher finds it."""
        return self.tags[0]


@dataclass(frozen=True)
class Bank:
    """A titled list of items in one language."""

    title: str
    language: str
    items: tuple[BankItem, ...]


def make_bank(kinds: tuple[str, ...] | str, count: int, seed: int = 0, reader: Reader | None = None,
              title: str = "", picture: str = "png") -> Bank:
    """`count` items, the `kinds` (KINDS) taken in turn, from `seed`, worded for `reader` (by default the
    default reader, typeset), boards embedded as `picture` (PICTURES); BankError before any work when
    a setting is wrong."""
    reader = for_people(reader)
    kinds = (kinds,) if isinstance(kinds, str) else kinds  # (one kind, named alone)
    _check(kinds, count, seed, title, picture)
    title = title or reader.gettext("muzlab questions (seed {seed})").format(seed=seed)
    items = tuple(_item(kinds[index % len(kinds)], seed, index, reader, picture) for index in range(count))
    return Bank(title, reader.language, items)


def _check(kinds: tuple[str, ...], count: int, seed: int, title: str, picture: str) -> None:
    unknown = [kind for kind in kinds if kind not in KINDS] if isinstance(kinds, tuple | list) else [kinds]
    if unknown or not kinds:
        raise BankError("unknown kind of question {kind}; choose from {kinds}",
                        kind=repr(str(unknown[0] if unknown else "")[:40]), kinds=", ".join(KINDS))
    if type(count) is not int or not 1 <= count <= MAX_ITEMS:
        raise BankError("a bank holds 1 to {most} questions, not {count}", most=MAX_ITEMS,
                        count=repr(count)[:40])
    if type(seed) is not int or seed < 0:
        raise BankError("the seed must be a whole number, 0 or more, not {seed}", seed=repr(seed)[:40])
    if not isinstance(title, str) or len(title) > MAX_TITLE:
        raise BankError("a bank's title is text of at most {most} characters", most=MAX_TITLE)
    if picture not in PICTURES:
        raise BankError("pictures are {pictures}, not {picture}", pictures=" or ".join(PICTURES),
                        picture=repr(str(picture)[:40]))


def _item(kind: str, seed: int, index: int, reader: Reader, picture: str) -> BankItem:
    """Item `index`: drawn from the term's item seed, named by its number and first idea."""
    drawn = draw(kind, seed * MAX_ITEMS + index, index, seed, reader)
    key = f"{kind}|{seed}|{index}|{reader.language}|{reader.convention}|{picture}"
    if reader.harmony_style != DEFAULT_HARMONY[reader.language]:  # (a bank in the usual style keeps its ids)
        key += f"|{reader.harmony_style}"
    ident = "muzlab-" + hashlib.sha256(key.encode()).hexdigest()[:16]
    ideas = BANK_IDEAS_OF[kind]
    tags = tuple(idea_words(idea, reader) for idea in ideas)
    shown = None if drawn.board is None else board_picture(*drawn.board, reader, picture, ident)
    sound = None
    if drawn.sound is not None:
        wave = audio.events_wave(drawn.sound.events, SOUND_RATE, drawn.sound.note_seconds)
        sound = Media(f"{ident}.wav", audio.to_wav_bytes(wave, SOUND_RATE),
                      reader.gettext("The sound to listen to (play it as often as you like)."))
    return BankItem(ident, kind, f"{index + 1:03d} {tags[0]}", drawn.text, drawn.choices, drawn.feedback,
                    ideas, tags, shown, sound)


def board_picture(position: Position, marked: tuple[Cell, ...], reader: Reader, picture: str = "png",
                  name: str = "board") -> Media:
    """The board with its cell names (the choices name cells) and the `marked` cells, as PNG or SVG,
    with the board's sentence for a screen reader."""
    view = board_view(position, list(marked) or None, None, True, True, reader)
    if picture == "svg":
        return Media(f"{name}.svg", view_svg(view).encode(), board_words(view))
    return Media(f"{name}.png", _png(position, marked, reader), board_words(view))


def _png(position: Position, marked: tuple[Cell, ...], reader: Reader) -> bytes:
    """The board drawn by matplotlib (muzlab.views.plot) as a PNG of PNG_COLOURS colours (a quarter
    of the full-colour file's size, the same to the eye), with no date or software stamp."""
    import matplotlib  # matplotlib and Pillow (matplotlib's own) only for PNG pictures
    from matplotlib.figure import Figure
    from PIL import Image

    from muzlab.views import plot

    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        figure = Figure(figsize=PNG_SIZE)
        ax = figure.add_axes((0, 0, 1, 1))
        plot.board(position, ax=ax, highlight=list(marked) or None, legend=False, title="", coordinates=True,
                   reader=reader)
        drawn = io.BytesIO()
        figure.savefig(drawn, format="png", dpi=PNG_DPI, metadata={"Software": None})
    image = Image.open(drawn).convert("RGB").quantize(colors=PNG_COLOURS, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def media(bank: Bank) -> list[Media]:
    """Every file the bank embeds, in item order."""
    return [m for item in bank.items for m in (item.picture, item.sound) if m is not None]


#: Characters XML 1.0 cannot carry (control characters, lone surrogates, the two non-characters).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """Text an XML file can carry: each character XML 1.0 forbids becomes U+FFFD (the rest is
    escaped by the XML writer)."""
    return _NOT_XML.sub("\ufffd", text)


def paragraph(text: str) -> str:
    """Plain text as an HTML paragraph, escaped, its direction taken from its own letters (an Arabic
    or Hebrew title reads right to left)."""
    return f'<p dir="auto">{html.escape(xml_safe(text))}</p>'


def question_html(item: BankItem, src: Callable[[Media], str]) -> str:
    """The item's question as HTML: its text, then its board (with its sentence as alt text) or its
    sound (a player, and a link for a page that shows none); `src` gives a file's address in the
    format written."""
    parts = [paragraph(item.text)]
    if item.picture is not None:
        address, words = html.escape(src(item.picture)), html.escape(xml_safe(item.picture.alt))
        parts.append(f'<p><img src="{address}" alt="{words}" /></p>')
    if item.sound is not None:
        address, words = html.escape(src(item.sound)), html.escape(xml_safe(item.sound.alt))
        source = f'<source src="{address}" type="{item.sound.media_type}" />'
        parts.append(f'<div><audio controls="controls">{source}<a href="{address}">{words}</a></audio></div>')
    return "".join(parts)
