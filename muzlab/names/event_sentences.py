"""One sentence per kind of event (a roll, a placement, a pass, a re-roll), from its facts: who acted,
the die as the board named it (written as a sentence writes it: `spelling.prose_name`), the cell's
name, the points, what it completed (named as the board spells it) and the reader. The game's log,
the table's messages and the class pages all write an event with these, so one event reads the same
everywhere (muzlab.play.game_words gives them an event's facts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from muzlab.names.language import marked, phrase, sentence
from muzlab.names.output_words import number_words
from muzlab.names.reader import Reader

#: Where a rolled or placed die came from, when not its turn's roll.
SOURCE_WORDS = {"opening": marked("where a die came from", "opening"),
                "extra": marked("where a die came from", "extra roll"),
                "reroll": marked("where a die came from", "re-roll"),
                "passed": marked("where a die came from", "bonus play")}


def player(seat: int, reader: Reader) -> str:
    """A seat without a name, as the log calls it: "Player 2" for seat 1."""
    return reader.gettext("Player {player}").format(player=seat + 1)


def placed(who: str, note: str, cell: str, points: int, reader: Reader, source: str = "turn",
           completed: Sequence[str] = (), said: Sequence[str] = ()) -> str:
    """ "Anna places E♭ on e5 (bonus play): 2 points, completes the C minor triad (…)": `completed` (as
    the object of "completes": `run_words.completed_words`) and `said` (clauses such as why the die is
    read by another name) already in the reader's words."""
    text = sentence(reader.gettext("{who} places {note} on {cell}"), who=who, note=note, cell=cell)
    text += _source(source, reader)
    text += reader.ngettext(": {points} point", ": {points} points", points).format(points=points)
    if completed:
        text += reader.gettext(", completes {runs}").format(runs=reader.gettext(" and ").join(completed))
    if said:
        text += f" ({'; '.join(said)})"
    return text


def rolled(who: str, note: str, reader: Reader, source: str = "turn") -> str:
    """ "Anna rolls E♭ (extra roll)"."""
    return sentence(reader.gettext("{who} rolls {note}"), who=who, note=note) + _source(source, reader)


def passed(who: str, note: str, reader: Reader, missed: int = 0, to: str = "") -> str:
    """ "Anna passes E♭ to Ben (missed 2 legal cells)": `to` names who receives it (or "")."""
    text = (sentence(reader.gettext("{who} passes {note} to {receiver}"), who=who, note=note, receiver=to)
            if to else sentence(reader.gettext("{who} passes {note}"), who=who, note=note))
    return text + _missed(missed, reader)


def rerolled(who: str, note: str, reader: Reader, passed_die: bool = False, missed: int = 0) -> str:
    """ "Ben re-rolls E♭ (the passed die: no bonus play)"."""
    text = sentence(reader.gettext("{who} re-rolls {note}"), who=who, note=note)
    if passed_die:
        text += reader.gettext(" (the passed die: no bonus play)")
    return text + _missed(missed, reader)


def action(kind: str, note: str, cell: str, reader: Reader) -> str:
    """An event as a short action, for errors about it: "place E♭ on e5", "roll E♭", "re-roll E♭"."""
    if kind == "place":
        return phrase(reader.gettext("place {note} on {cell}"), note=note, cell=cell)
    if kind == "roll":
        return phrase(reader.gettext("roll {note}"), note=note)
    if kind == "pass":
        return phrase(reader.gettext("pass {note}"), note=note)
    return phrase(reader.gettext("re-roll {note}"), note=note)


def legal_cells(count: int, reader: Reader) -> str:
    """What a rolled die may do, after the roll's sentence: "3 legal cells", or "no legal cell: pass"."""
    if not count:
        return reader.gettext("no legal cell: pass")
    return reader.ngettext("{count} legal cell", "{count} legal cells", count).format(count=count)


def _source(source: str, reader: Reader) -> str:
    return f" ({reader.pgettext(*SOURCE_WORDS[source])})" if source in SOURCE_WORDS else ""


def _missed(count: int, reader: Reader) -> str:
    if not count:
        return ""
    return reader.ngettext(" (missed {count} legal cell)", " (missed {count} legal cells)", count).format(
        count=count)


def result_words(scores: Sequence[int], winners: Sequence[int], reader: Reader,
                 name: Callable[[int], str] | None = None) -> str:
    """A game's result (`GameResult`'s scores and winning seats) with each seat as `name` calls it (by
    default "Player 2"): "Player 2 wins with 31 points", a tie, or a solo score."""
    called = name or (lambda seat: player(seat, reader))
    best = scores[winners[0]]
    points = number_words(best, reader)
    if len(scores) == 1:
        said = reader.ngettext("{who} scores {points} point", "{who} scores {points} points", best)
        return said.format(who=called(0), points=points)
    if len(winners) > 1:
        tied = [called(seat) for seat in winners]
        return reader.gettext("Tie between {players} and {last} on {points}").format(
            players=", ".join(tied[:-1]), last=tied[-1], points=points)
    said = reader.ngettext("{who} wins with {points} point", "{who} wins with {points} points", best)
    return said.format(who=called(winners[0]), points=points)


#: Why a game ended (`Game.end_reason`), as a reader reads it.
END_WORDS = {"supply empty": marked("why a game ended", "supply empty"),
             "locked board": marked("why a game ended", "locked board"),
             "passes used up": marked("why a game ended", "passes used up")}


def end_words(reason: str, reader: Reader) -> str:
    """Why a game ended ("supply empty", "locked board", "passes used up") in the reader's words."""
    return reader.pgettext(*END_WORDS[reason]) if reason in END_WORDS else reason


def status_words(players: int, placed: int, dice: int, doing: str, scores: Sequence[int],
                 reader: Reader) -> str:
    """A game's state in one line, as `print(game)` shows it in English: "2 players, 3 of 21 dice
    placed, Player 1 to roll, scores 4–0" (`doing`: `doing_words`, already in the reader's words)."""
    seats = reader.ngettext("{count} player", "{count} players", players).format(count=players)
    board = reader.ngettext("{placed} of {dice} die placed", "{placed} of {dice} dice placed", dice).format(
        placed=number_words(placed, reader), dice=number_words(dice, reader))
    return reader.gettext("{players}, {placed}, {doing}, scores {scores}").format(
        players=seats, placed=board, doing=doing, scores="–".join(str(score) for score in scores))


def doing_words(phase: str, seat: int, held: str, result: str, reader: Reader) -> str:
    """What a game waits for (its phase: "roll", "reroll", "place", "bonus", "over"), in the reader's
    words: "Player 1 to roll", "Player 2 to place the passed G", "over: Player 1 wins with 31 points"."""
    who = player(seat, reader)
    if phase == "over":
        return reader.gettext("over: {result}").format(result=result)
    said = {"roll": reader.gettext("{who} to roll"), "reroll": reader.gettext("{who} to re-roll"),
            "place": reader.gettext("{who} to place {note}"),
            "bonus": reader.gettext("{who} to place the passed {note}")}[phase]
    return phrase(said, who=who, note=held)
