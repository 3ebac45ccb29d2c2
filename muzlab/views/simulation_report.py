"""A simulation's report for the terminal (`muzlab simulate`) in the reader's language: its opening
lines, then the summary tables with their headings, players and numbers as the reader reads them.
The frames themselves keep their English column names (`SimulationResult.summary`)."""

from __future__ import annotations

from typing import Any

from muzlab.names.language import marked
from muzlab.names.output_words import number_words, parts_words, percent_words
from muzlab.names.reader import Reader
from muzlab.sim import stats

#: The headings of the report's tables, by column (the English heading is the column's own name).
# TRANSLATORS: a column of a simulation's summary table printed in the terminal (its English name is
# the frame's column name; translate it as a short heading).
_HEADINGS = {
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
#: Decimals shown per column (the others are counts).
_PLACES = {"mean_score": 2, "std": 2, "mean_low": 2, "mean_high": 2, "win_share": 3, "win_low": 3,
           "win_high": 3, "passes_per_game": 2, "rerolls_per_game": 2, "pass_rate": 3, "pass_low": 3,
           "pass_high": 3}


def heading(column: str, reader: Reader) -> str:
    """A table column's heading for `reader` (the column's name itself in English)."""
    return reader.pgettext(*_HEADINGS[column]) if column in _HEADINGS else column


def table_text(table: Any, reader: Reader) -> str:
    """A summary table as text: headings, players ("Spieler 1") and numbers in the reader's words."""
    shown = table.copy()
    if shown.index.name == "player":
        players = {stats.player_label(k): reader.gettext("Player {number}").format(number=k + 1)
                   for k in range(len(shown))}
        shown.index = [players.get(label, label) for label in table.index]
    shown.index.name = heading(table.index.name, reader) if table.index.name else None
    formatters = {heading(name, reader): _formatter(_PLACES.get(name, 0), reader) for name in table.columns
                  if table[name].dtype.kind in "if"}
    shown.columns = [heading(name, reader) for name in table.columns]
    return shown.to_string(formatters=formatters)


def _formatter(places: int, reader: Reader):
    """A number formatter for one column (NaN, a std of one game, shown as "–")."""
    return lambda value: "–" if value != value else number_words(value, reader, places)


def simulation_report(result: Any, reader: Reader) -> str:
    """The report of a SimulationResult (games, ties, passes, re-rolls and extra rolls per game, then
    the summary per player, and per agent when the agents changed seats) or of a SimulationDataset
    (its games and parts, then win shares, mean scores and pass rates), for `reader`."""
    interval = reader.gettext("win share: Wilson {level} interval in {low}..{high}").format(
        level=percent_words(95, reader, 0), low=heading("win_low", reader), high=heading("win_high", reader))
    if hasattr(result, "parts"):  # a dataset on disk, summed part by part
        opening = reader.ngettext("{count} game in {parts} at {folder}",
                                  "{count} games in {parts} at {folder}", result.n_games).format(
            count=number_words(result.n_games, reader), parts=parts_words(len(result.parts), reader),
            folder=result.folder)
        tables = (stats.win_shares(result), stats.mean_scores(result), stats.pass_rates(result))
        return "\n".join([opening, interval, *(table_text(table, reader) for table in tables)])
    by_player = result.summary("player")
    tables = [by_player]
    if by_player["agent"].str.contains("/").any():
        tables.append(result.summary("agent"))
    return "\n".join([_opening(result.games, result.players, reader), interval,
                      *(table_text(table, reader) for table in tables)])


def _opening(games: Any, players: int, reader: Reader) -> str:
    """The report's first line: games, players, ties and what happens in a game on average."""
    ties = int(games["tie"].sum())
    played = reader.ngettext("{count} game", "{count} games", len(games)).format(
        count=number_words(len(games), reader))
    seats = reader.ngettext("{count} player", "{count} players", players).format(
        count=number_words(players, reader))
    return reader.gettext("{games}, {players}; ties {ties} ({share}); per game: passes {passes}, re-rolls "
                          "{rerolls}, missed placements {missed}, extra rolls {extra}").format(
        games=played, players=seats, ties=number_words(ties, reader),
        share=percent_words(100 * ties / max(len(games), 1), reader, 1),
        passes=number_words(games["passes"].mean(), reader, 2),
        rerolls=number_words(games["rerolls"].mean(), reader, 2),
        missed=number_words(games["missed"].mean(), reader, 2),
        extra=number_words(games["extra_rolls"].mean(), reader, 2))
