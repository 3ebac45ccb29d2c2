"""The live region's words heard as a screen reader's voice says them (issue #58): the first ten moves
of a game against the computer, in English and German, spoken by espeak-ng. The transcript (each
announcement, how long it takes to say, and espeak's phonemes) is printed for a reviewer to judge
(`pytest -s`); the test holds each announcement to what a listener can follow before the next move."""

from __future__ import annotations

import os
import shutil
import subprocess
import wave
from pathlib import Path

import pytest
from test_board_news import told_game

from muzlab.names.reader import Reader
from muzlab.reading import using_reader

#: The longest an announcement may take to say (seconds), at espeak's default 175 words a minute (a
#: screen reader's user often listens faster): a placement with its points and the dice it renamed, the
#: computer's reply and whose turn it is. (The longest of these games' first ten, a move that renamed
#: three dice, takes 15.6 s in German.)
LONGEST = 20.0
VOICES = {"en": "en", "de": "de"}


def spoken(text: str, voice: str, folder: Path) -> tuple[float, str]:
    """How long espeak-ng takes to say `text` in `voice`, and its phonemes."""
    wav = folder / "said.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), text], check=True, capture_output=True)
    with wave.open(str(wav)) as sound:
        seconds = sound.getnframes() / sound.getframerate()
    phonemes = subprocess.run(["espeak-ng", "-v", voice, "-q", "-x", text], check=True, capture_output=True,
                              text=True).stdout.strip()
    return seconds, phonemes


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_first_ten_moves_are_spoken_in_the_language_and_each_can_be_followed(language, tmp_path):
    if shutil.which("espeak-ng") is None:
        if os.environ.get("CI"):
            pytest.fail("espeak-ng is missing on CI; make.py installs it")
        pytest.skip("espeak-ng is not installed (python3 make.py test installs it)")
    reader = Reader("german", typeset=True, language="de") if language == "de" else Reader(typeset=True)
    with using_reader(reader):
        board, said = told_game(7)
    said = [line for line in said if line][:10]
    assert len(said) == 10
    print(f"\n--- the live region of a game, spoken by espeak-ng ({VOICES[language]}) ---")
    for number, line in enumerate(said, 1):
        seconds, phonemes = spoken(line, VOICES[language], tmp_path)
        print(f"{number:2}. [{seconds:4.1f} s] {line}\n    {phonemes}")
        assert 0.5 < seconds <= LONGEST, (seconds, line)
        assert "docs/" not in line and "http" not in line
    if language == "de":  # German words, German note names: none of the English game's words
        assert not any(word in " ".join(said) for word in (" places ", " rolls ", " points"))
