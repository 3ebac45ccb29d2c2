"""Frames printed for a person: the tables of simulations, score sheets, reviews, standings and
comparisons of settings as text, with their headings, seats ("Spieler 1"), grades, levels and numbers
in the reader's words. The frames themselves keep their English column names and values (code reads
them, records keep them)."""

from __future__ import annotations

import re
from typing import Any

from muzlab.names.language import marked
from muzlab.names.output_words import number_words
from muzlab.names.reader import Reader

#: The headings of a simulation's tables, by column (the English heading is the column's own name).
# TRANSLATORS: a column of a simulation's summary table printed in the terminal (its English name is
# the frame's column name; translate it as a short heading).
_SIMULATION = {
    "player": marked("simulation table", "player"),
    "agent": marked("simulation table", "agent"),
    "games": marked("simulation table", "games"),
    "mean_score": marked("simulation table", "mean_score"),
    "std": marked("simulation table", "std"),
    "mean_low": marked("simulation table", "mean_low"),
    "mean_high": marked("simulation table", "mean_high"),
    "wins": marked("simulation table", "wins"),
    "win_share": marked("simulation table", "win_share"),
    "win_low": marked("simulation table", "win_low"),
    "win_high": marked("simulation table", "win_high"),
    "passes_per_game": marked("simulation table", "passes_per_game"),
    "rerolls_per_game": marked("simulation table", "rerolls_per_game"),
    "rolled": marked("simulation table", "rolled"),
    "passes": marked("simulation table", "passes"),
    "rerolls": marked("simulation table", "rerolls"),
    "missed": marked("simulation table", "missed"),
    "pass_rate": marked("simulation table", "pass_rate"),
    "pass_low": marked("simulation table", "pass_low"),
    "pass_high": marked("simulation table", "pass_high"),
}
#: The score sheet's headings (`Game.score_sheet`), as the page and a printed sheet show them.
SHEET_HEADINGS = {"turn": marked("score sheet", "turn"), "round": marked("score sheet", "round"),
                  "player": marked("score sheet", "player"), "plays": marked("score sheet", "plays"),
                  "bonus": marked("score sheet", "bonus"), "extra": marked("score sheet", "extra"),
                  "passes": marked("score sheet", "passes"), "points": marked("score sheet", "points"),
                  "total": marked("score sheet", "total"), "hints": marked("score sheet", "hints")}
#: The headings of a review's tables (`muzlab.review`, `coach.summary`, `coach.standings`) and of a
#: comparison of settings (`stats.compare`), by column.
# TRANSLATORS: a column of a table printed in a lesson (its English name is the frame's column name, which
# the lesson's text may explain; translate it as a short heading).
_REVIEW = {
    "pitch": marked("table", "pitch"),
    "cell": marked("table", "cell"),
    "best_points": marked("table", "best_points"),
    "loss": marked("table", "loss"),
    "luck": marked("summary", "luck"),
    "equity_loss": marked("table", "equity_loss"),
    "grade": marked("table", "grade"),
    "points_lost": marked("summary", "points lost"),
    "decisions": marked("table", "decisions"),
    "best_share": marked("summary", "best decisions"),
    "completions_missed": marked("summary", "completions missed"),
    "honeypots_missed": marked("table", "honeypots_missed"),
    "skill": marked("summary", "skill"),
    "luck_adjusted": marked("summary", "luck-adjusted"),
    "accuracy": marked("summary", "accuracy"),
    "level": marked("summary", "level"),
    "rank": marked("table", "rank"),
    "name": marked("table", "name"),
    "margin": marked("table", "margin"),
    "luck_adjusted_margin": marked("table", "luck_adjusted_margin"),
    "setting": marked("table", "setting"),
    "first_wins": marked("table", "first_wins"),
    "first_low": marked("table", "first_low"),
    "first_high": marked("table", "first_high"),
    "locked": marked("table", "locked"),
    "extra_rolls": marked("table", "extra_rolls"),
    "dice_placed": marked("table", "dice_placed"),
}
_HEADINGS = {**_REVIEW, **SHEET_HEADINGS, **_SIMULATION}
#: Decimals shown per column of a simulation's tables (the others: `table_text`'s `places`).
_PLACES = {"mean_score": 2, "std": 2, "mean_low": 2, "mean_high": 2, "win_share": 3, "win_low": 3,
           "win_high": 3, "passes_per_game": 2, "rerolls_per_game": 2, "pass_rate": 3, "pass_low": 3,
           "pass_high": 3}
#: Columns whose values are words a reader reads: a decision's grade, a player's level.
_VALUE_CONTEXTS = {"grade": "grade", "level": "level"}
SEAT = re.compile(r"Player (\d+)")


def heading(column: str, reader: Reader) -> str:
    """A table column's heading for `reader`: in English the column's name itself (the name the code and
    the lessons' text use), else its translation, in one token ("puntos_perdidos")."""
    if column not in _HEADINGS or reader.language == "en":
        return column
    return _one_word(reader.pgettext(*_HEADINGS[column]))


def _value(column: str, value: Any, reader: Reader) -> Any:
    """A cell as `reader` reads it: a seat without a name ("Player 2"), a grade or a level in its words."""
    if not isinstance(value, str):
        return value
    if column in ("player", "name") and SEAT.fullmatch(value):
        return reader.gettext("Player {number}").format(number=SEAT.fullmatch(value).group(1))
    if column in _VALUE_CONTEXTS and value:
        return reader.pgettext(_VALUE_CONTEXTS[column], value)
    return value


def table_text(table: Any, reader: Reader, places: int = 0, index: bool = True, **options: Any) -> str:
    """A table (a pandas frame) as text for `reader`: its headings, seats ("Spieler 1"), grades and levels
    in the reader's words and its numbers as the reader writes them (a simulation's figures to their
    usual decimals, other fractional columns to `places`); `index=False` leaves the row labels out;
    `options` go to `DataFrame.to_string` (`max_colwidth`)."""
    shown = table.copy()
    shown.index = [_value(table.index.name or "", label, reader) for label in table.index]
    shown.index.name = heading(table.index.name, reader) if table.index.name else None
    for name in table.columns:
        if table[name].dtype.kind in "OUST" or str(table[name].dtype) == "string":
            shown[name] = [_value(name, value, reader) for value in table[name]]
    formatters = {heading(name, reader): _formatter(0 if table[name].dtype.kind == "i" else
                                                    _PLACES.get(name, places), reader)
                  for name in table.columns if table[name].dtype.kind in "if"}
    shown.columns = [heading(name, reader) for name in table.columns]
    return shown.to_string(formatters=formatters, index=index, **options)


def _one_word(words: str) -> str:
    """A heading of several words as one token ("puntos_perdidos"), so that a text table's columns are
    told apart by its spaces."""
    return words.replace(" ", "_")


def _formatter(places: int, reader: Reader):
    """A number formatter for one column (NaN, a std of one game, shown as "–")."""
    return lambda value: "–" if value != value else number_words(value, reader, places)
