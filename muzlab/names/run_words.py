"""What a run of dice is called, in words, from its facts: the triads a column run is or could
become, the keys a diagonal run fits, its mode, degrees and its function in a key.

The facts are a `Structure` of the rules (`RunFacts` says which fields are read); `names` are the
run's dice as the board spells them (English, bottom to top), so every word holds the notes as the
board writes them (G♯–B could become E♯ diminished, not F diminished); the `Reader` says how names
are read (convention, typesetting) and which lesson key comes first.
"""

from __future__ import annotations

from typing import Protocol

from muzlab.core.pitch import parse_pitch
from muzlab.names.function_words import function_symbol
from muzlab.names.functions import function_of
from muzlab.names.key_functions import key_function, key_words
from muzlab.names.language import german_case, joined, key_phrase, marked, phrase, scale_phrase, triad_phrase
from muzlab.names.letters import ScaleFit, fit_spelled, lesson_key_by_sound, scale_notes, triad_root_name
from muzlab.names.reader import Key, Reader
from muzlab.names.spelling import (
    choose_fit,
    join,
    mode_name,
    prose_name,
    run_degrees,
    run_key_lists,
    run_key_names,
    triad_functions,
)

#: How many keys a run's line names before "and N more" (the rest: `key_lists`, `describe(all_keys=True)`).
SHOWN_KEYS = 3

#: A complete triad as the object of "completes", one message per quality, so that each language
#: builds its own article, case and agreement (German "den verminderten Dreiklang h", French "l'accord
#: de si diminué", Spanish "la tríada de si disminuida").
_COMPLETED_TRIADS = {
    "major": marked("what a move completes", "the {root} major triad"),
    "minor": marked("what a move completes", "the {root} minor triad"),
    "diminished": marked("what a move completes", "the {root} diminished triad"),
    "augmented": marked("what a move completes", "the {root} augmented triad"),
}
#: A complete triad named alone ("C♯ major triad", German "verminderter Dreiklang h"), one message per
#: quality for the same reason.
_TRIAD_LABELS = {
    "major": marked("triad label", "{root} major triad"),
    "minor": marked("triad label", "{root} minor triad"),
    "diminished": marked("triad label", "{root} diminished triad"),
    "augmented": marked("triad label", "{root} augmented triad"),
}
#: A complete scale as the object of "completes", one message per kind of scale.
_COMPLETED_SCALES = {
    "major": marked("what a move completes", "the {tonic} major scale"),
    "minor": marked("what a move completes", "the {tonic} minor scale"),
    "harmonic minor": marked("what a move completes", "the {tonic} harmonic minor scale"),
    "major pentatonic": marked("what a move completes", "the {tonic} major pentatonic scale"),
    "whole-tone": marked("what a move completes", "the {tonic} whole-tone scale"),
    "chromatic": marked("what a move completes", "the {tonic} chromatic scale"),
}


class RunFacts(Protocol):
    """The facts of a run the words are made from (`muzlab.rules.position.Structure` has them)."""

    kind: str  # "triad" (a column run) or "scale" (a diagonal run)
    pitches: tuple[int, ...]  # bottom to top
    complete: bool
    triads: tuple[tuple[int, str], ...]  # (root, quality) it is or could become
    keys: tuple[tuple[int, str], ...]  # (tonic, scale type) it fits
    context: tuple[int, ...]  # tonics of the major keys the diagonals through a triad's dice fit


def triad_text(run: RunFacts, root: int, quality: str, names: tuple[str, ...], reader: Reader) -> str:
    """A triad the column run is or could become, named to hold its notes as spelled: "E♯ diminished"."""
    return triad_phrase(_root_words(run, root, quality, names, reader), quality, reader.language)


def _root_words(run: RunFacts, root: int, quality: str, names: tuple[str, ...], reader: Reader) -> str:
    """A triad's root as a sentence writes it, named to hold the run's notes as spelled."""
    first = 0 if root == run.pitches[0] else 1
    return prose_name(triad_root_name(root, quality, names, first), reader)


def triad_names(run: RunFacts, names: tuple[str, ...], reader: Reader) -> list[str]:
    """Every triad the column run is or could become, each named to hold its notes as spelled."""
    return [triad_text(run, root, quality, names, reader) for root, quality in run.triads]


def functions(run: RunFacts, names: tuple[str, ...], reader: Reader) -> tuple[str, ...]:
    """A complete triad's function in each major key of the diagonals through its dice (the reader's
    lesson key first when it is one of them): ("ii in C major", "vi in F major"); empty otherwise.
    A reader of Funktionstheorie with a minor lesson key reads it there first ("tG in d-Moll")."""
    if run.kind != "triad" or not run.complete:
        return ()
    return tuple(text for root, quality in run.triads
                 for text in (*_in_minor_key(root, quality, names, reader),
                              *triad_functions(root, quality, run.context, names, reader.key, reader)))


def _in_minor_key(root: int, quality: str, names: tuple[str, ...], reader: Reader) -> tuple[str, ...]:
    """The triad's function in the reader's minor lesson key, for a reader of Funktionstheorie, when
    the key's notes (natural or harmonic minor) hold it as spelled: ("tG in d-Moll",); else ()."""
    key = reader.key
    if reader.harmony_style != "functions" or key is None or key.kind != "harmonic minor":
        return ()
    harmonic = scale_notes(key.tonic_name, "harmonic minor") or []
    natural = scale_notes(harmonic[2], "major") or [] if harmonic else []  # the relative major's notes
    function = function_of(root, quality, parse_pitch(key.tonic_name), "minor",
                           minor_supertonic=reader.minor_supertonic)
    if function is None or not set(names) <= {*harmonic, *natural}:
        return ()
    tonic = key_phrase(prose_name(key.tonic_name, reader), "minor", reader.language)
    text = reader.gettext("{numeral} in {key}")
    return (text.format(numeral=function_symbol(function, reader), key=tonic),)


def run_label(run: RunFacts, names: tuple[str, ...], reader: Reader) -> str:
    """What a complete run is called: "C♯ major triad", "F♯ major scale"."""
    if run.kind == "triad":
        return joined(reader.gettext(" and "), [_triad_words(_TRIAD_LABELS, run, root, quality, names, reader)
                                                for root, quality in run.triads])
    fit = _fit(run, names)
    return scale_phrase(prose_name(fit.key, reader), fit.kind, reader.language)


def _triad_words(templates: dict[str, tuple[str, str]], run: RunFacts, root: int, quality: str,
                 names: tuple[str, ...], reader: Reader) -> str:
    """A triad named by the message for its quality in `templates`, its root as a sentence writes it."""
    return phrase(reader.pgettext(*templates[quality]),
                  root=german_case(_root_words(run, root, quality, names, reader), quality, reader.language))


def completed_words(run: RunFacts, names: tuple[str, ...], reader: Reader) -> str:
    """A complete run as the object of a sentence saying a move completed it: "the C♯ major triad",
    German "den Cis-Dur-Dreiklang", French "l'accord de do♯ majeur" (`run_label` names it alone)."""
    if run.kind == "triad":
        objects = [_triad_words(_COMPLETED_TRIADS, run, root, quality, names, reader)
                   for root, quality in run.triads]
        return joined(reader.gettext(" and "), objects)
    fit = _fit(run, names)
    return phrase(reader.pgettext(*_COMPLETED_SCALES[fit.kind]),
                  tonic=german_case(prose_name(fit.key, reader), fit.kind, reader.language))


def completed_with_function(run: RunFacts, names: tuple[str, ...], reader: Reader) -> str:
    """`completed_words`, and for a reader of Funktionstheorie a complete triad's function with it:
    "den E-Dur-Dreiklang (als (D) Tp in C-Dur)", read in the lesson key when it has one there (the
    chromatic ones too: (D), DD, Đ⁷, sN), else in the first major key of the diagonals through it."""
    words = completed_words(run, names, reader)
    if reader.harmony_style != "functions" or run.kind != "triad" or not run.complete or not run.triads:
        return words
    root, quality = run.triads[0]
    label = None if reader.key is None else key_function(root, quality, reader.key, reader)
    if label is not None:
        function = reader.gettext("{numeral} in {key}").format(numeral=label.text,
                                                               key=key_words(reader.key, reader))
    else:
        found = functions(run, names, reader)
        if not found:
            return words
        function = found[0]
    return reader.gettext("{triad} (as {function})").format(triad=words, function=function)


def key_name(run: RunFacts, names: tuple[str, ...], reader: Reader) -> str:
    """The key a diagonal run is read in, as it is spelled ("F♯ major"); "no scale" if none."""
    if not run.keys:
        return reader.gettext("no scale")
    fit = fit_spelled(run.pitches, run.keys, names)
    if fit is None:
        return run_key_names(run.pitches, run.keys[:1], reader=reader)[0]
    return key_phrase(prose_name(fit.key, reader), fit.kind, reader.language)


def key_lists(run: RunFacts, names: tuple[str, ...], reader: Reader) -> tuple[list[str], list[str]]:
    """Every key a diagonal run fits, named: those holding its notes as spelled (the key it is spelled
    in first, the reader's lesson key before it when it writes them so), then those it fits only by
    sound."""
    return run_key_lists(run.pitches, run.keys, names, _key_name(reader.key), reader)


def keys_text(letters: list[str], sound: list[str], reader: Reader, limit: int | None = SHOWN_KEYS,
              lesson: bool = False) -> tuple[str, str]:
    """What a run fits, in words, as (the keys holding its letters, its enharmonic twins marked as
    such): ("E♭ major, B♭ major", " (= D♯ harmonic minor by sound)"), either "" when there are none;
    at most `limit` keys named in all (None: every one), the rest counted ("and 9 more"). `lesson`:
    the first twin is the lesson key, named whatever the limit ("E♭–F: fits B♭ major, E♭ major, A♭
    major and 2 more (= F♯ major by sound)")."""
    limit = len(letters) + len(sound) if limit is None else limit
    shown = letters[:max(limit - lesson, 0)]
    text = _more(", ".join(shown), len(letters) - len(shown), reader)
    room = limit - len(shown)
    if not (sound and room):
        return text, ""
    return text, reader.gettext(" (= {keys} by sound)").format(
        keys=_more(", ".join(sound[:room]), len(sound) - room, reader))


def _more(keys: str, more: int, reader: Reader) -> str:
    """Keys a run fits, with how many more it fits when there are ("C major, G major and 3 more")."""
    if more <= 0:
        return keys
    # TRANSLATORS: said after "fits" ("passt zu"): German takes the dative, "und 3 weiteren".
    return reader.npgettext("keys a run fits", "{keys} and {count} more", "{keys} and {count} more",
                            more).format(keys=keys, count=more)


def describe_run(run: RunFacts, names: tuple[str, ...], reader: Reader, degrees: str | None = None,
                 all_keys: bool = False) -> str:
    """One line a student can read, e.g. "triad D–F–A: complete D minor — ii in C major"; `degrees`
    ("names", "movable-do" or "numbers") also names a major-scale run's degrees. A scale run names at
    most three keys ("and 9 more"); `all_keys` names every one."""
    notes = join(names, reader, prose=True)
    if run.kind == "triad":
        return reader.gettext("triad {notes}: {state}").format(notes=notes,
                                                                state=_triad_state(run, names, reader))
    if run.complete:
        template = reader.gettext("complete scale {notes}: fits {keys}")
    else:
        template = reader.gettext("scale run {notes}: fits {keys}")
    if not run.keys:
        if run.complete:
            return reader.gettext("complete scale {notes}: fits no scale").format(notes=notes)
        return reader.gettext("scale run {notes}: fits no scale").format(notes=notes)
    fit = _fit(run, names) if any(kind == "major" for _, kind in run.keys) else None
    if run.complete and len(run.keys) == 1 and fit is not None and fit.kind == "major" and fit.start:
        text = template.format(notes=notes, keys=mode_name(run.pitches, fit=fit, reader=reader))
    else:
        letters, sound = key_lists(run, names, reader)
        lesson = lesson_key_by_sound(run.pitches, run.keys, names, _key_name(reader.key))
        shown, twins = keys_text(letters, sound, reader, None if all_keys else SHOWN_KEYS, lesson)
        if shown:
            text = template.format(notes=notes, keys=shown) + twins
        elif run.complete:
            text = reader.gettext("complete scale {notes}: fits no key as spelled{twins}").format(
                notes=notes, twins=twins)
        else:
            text = reader.gettext("scale run {notes}: fits no key as spelled{twins}").format(
                notes=notes, twins=twins)
    if degrees is not None and fit is not None and fit.kind == "major":
        text += f"; {run_degrees(run.pitches, degrees, fit=fit, reader=reader)}"
    return text


def _triad_state(run: RunFacts, names: tuple[str, ...], reader: Reader) -> str:
    """What a column run is or could become: "complete D minor — ii in C major", "could become …"."""
    options = ", ".join(triad_names(run, names, reader))
    if not run.complete:
        if not options:
            return reader.gettext("can no longer become a triad")
        return reader.gettext("could become {triads}").format(triads=options)
    if not options:
        return reader.gettext("not an allowed triad")
    found = functions(run, names, reader)
    text = reader.gettext("complete {triads}").format(triads=options)
    return text + (f" — {', '.join(found)}" if found else "")


def _fit(run: RunFacts, names: tuple[str, ...]) -> ScaleFit:
    """The key a diagonal run is spelled in: the fit writing it as `names`, else its best."""
    return fit_spelled(run.pitches, run.keys, names) or choose_fit(run.pitches)


def _key_name(key: Key | None) -> tuple[str, str] | None:
    """A lesson key as (English tonic, scale type): ("F#", "major"), or None."""
    return None if key is None else (key.tonic_name, key.kind)
