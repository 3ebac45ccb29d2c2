"""A simulation's report for the terminal (`muzlab simulate`) in the reader's language: its opening
lines, then the summary tables with their headings, players and numbers as the reader reads them.
The frames themselves keep their English column names (`SimulationResult.summary`)."""

from __future__ import annotations

from typing import Any

from muzlab.names.output_words import number_words, parts_words, percent_words
from muzlab.names.reader import Reader
from muzlab.sim import stats
from muzlab.views.tables import heading, table_text


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
