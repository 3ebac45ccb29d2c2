"""A class in one process: the roster, tables of 1-4, whose turn it is, tournaments and standings.

Everything a page may ask goes through `Classroom`, which decides: a student acts only from their own
seat and only in their turn; a refusal changes nothing and comes back as a sentence. Games are the
muzlab `Table`s (the rules are asked, never re-implemented). Each change is written to the class
folder's SQLite file as it happens (`muzlab.app.store`) and replayed when the server starts again.

A duplicate tournament gives every table the same seed, so every table rolls the same sequence of
dice and the scores compare decisions, not luck.
"""

from __future__ import annotations

import csv
import io
import multiprocessing
import secrets
import threading
import zipfile
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from muzlab.app.store import ClassStore
from muzlab.core.board import Board
from muzlab.core.errors import MuzlabError
from muzlab.core.pitch import note_names
from muzlab.play import coach
from muzlab.play.game import MAX_PLAYERS, Game
from muzlab.play.table import Message, Table
from muzlab.rules.ruleset import RuleSet

#: How tables play: each its own dice, or every table the same dice (a duplicate tournament).
MODES = ("normal", "duplicate")
#: What a student may do at their table.
ACTIONS = ("roll", "place", "pass", "hint")
MAX_NICKNAME = 20
MAX_STUDENTS = 120
#: The export's decision columns: where the decision was made, then the review's own columns.
EXPORT_COLUMNS = ("round", "table", "mode", "nickname")


class ClassError(MuzlabError, ValueError):
    """Something a page asked that the class refuses (a bad nickname, a deal without students, ...)."""


@dataclass(frozen=True)
class Student:
    """A joined student: a nickname (no account, nothing else) and the token that finds their seat."""

    id: int
    nickname: str
    token: str


@dataclass
class ClassTable:
    """One table of a round: its students in seat order and the muzlab Table they play at."""

    round: int
    number: int
    mode: str
    students: tuple[int, ...]
    table: Table
    #: Every decision made at the table (a die placed or passed), as the coach reviews it.
    decisions: list[coach.Decision] = field(default_factory=list, repr=False)
    #: The points each decision lost against the best immediate score (the review's `loss`).
    losses: list[int] = field(default_factory=list, repr=False)
    #: Each seat's luck-adjusted score (the coach's fair review) once the game is over and reviewed.
    fair: list[float] | None = field(default=None, repr=False)
    #: The fair review under way in the reviewer's process (None before the game is over).
    fair_review: Future | None = field(default=None, repr=False)


@dataclass(frozen=True)
class Change:
    """What changed, for the pages to redraw: "roster", "deal", or "table" (with its number)."""

    kind: str
    table: int | None = None


def table_sizes(students: int, size: int) -> list[int]:
    """Split `students` into the fewest tables of at most `size`, as even as can be (5 by 2: 2, 2, 1)."""
    if not 1 <= size <= MAX_PLAYERS:
        raise ClassError(f"a table seats 1 to {MAX_PLAYERS} students, not {size}")
    tables = -(-students // size)
    return [students // tables + (i < students % tables) for i in range(tables)] if tables else []


class Classroom:
    """A class kept in `folder`: join, deal, act, standings and export; `watch` hears every change."""

    def __init__(self, folder: str | Path, dice: int = 21):
        self.store = ClassStore(folder)
        self.dice = dice
        #: The board every table plays on (the basic rules' board for this many dice).
        self.board = Board.named(RuleSet.basic().board_name_for(dice))
        self.lock = threading.RLock()
        self.students: dict[int, Student] = {}
        self._by_token: dict[str, Student] = {}
        self.tables: list[ClassTable] = []
        self.past: list[ClassTable] = []
        self.round = 0
        self._watchers: list[Callable[[Change], None]] = []
        #: One process of its own reviews finished games (a fraction of a second each), started on
        #: first need, so the tables play on while it works.
        self._reviewer: ProcessPoolExecutor | None = None
        for kind, data in self.store.events():
            {"join": self._joined, "deal": self._dealt, "act": self._replay_act}[kind](data)
        for table in self.tables:  # games that ended before a restart
            self._review_when_over(table)

    # ---- reading ----------------------------------------------------------------------------------
    @property
    def teacher_key(self) -> str:
        return self.store.teacher_key

    @property
    def class_code(self) -> str:
        return self.store.class_code

    def student(self, token: str | None) -> Student | None:
        """The student whose device holds `token`, or None."""
        return self._by_token.get(token) if isinstance(token, str) else None

    def seat_of(self, student: Student) -> tuple[ClassTable, int] | None:
        """The student's table in this round and their seat at it, or None when not seated."""
        for table in self.tables:
            if student.id in table.students:
                return table, table.students.index(student.id)
        return None

    def table(self, number: int) -> ClassTable | None:
        """This round's table `number` (from 1), or None."""
        return self.tables[number - 1] if 1 <= number <= len(self.tables) else None

    # ---- the roster ---------------------------------------------------------------------------------
    def join(self, nickname: Any, code: Any = None) -> Student:
        """Add a student by nickname; `code` must be the class code. Returns the student with the token
        their device keeps. A bad nickname or code raises ClassError saying what to change."""
        if code is not None and str(code).strip().upper() != self.class_code:
            raise ClassError("That is not this class's code: read it again from the teacher's screen.")
        name = " ".join(str(nickname).split()) if isinstance(nickname, str) else ""
        if not name:
            raise ClassError("Type a nickname first (no real names needed).")
        if len(name) > MAX_NICKNAME or not name.isprintable():
            raise ClassError(f"A nickname is at most {MAX_NICKNAME} letters, digits or spaces.")
        with self.lock:
            if any(s.nickname.casefold() == name.casefold() for s in self.students.values()):
                raise ClassError(f"Someone has already joined as {name}: choose another nickname.")
            if len(self.students) >= MAX_STUDENTS:
                raise ClassError(f"The class is full ({MAX_STUDENTS} students).")
            data = {"id": len(self.students) + 1, "nickname": name, "token": secrets.token_urlsafe(12)}
            self.store.append("join", data)
            student = self._joined(data)
        self._tell(Change("roster"))
        return student

    def _joined(self, data: dict) -> Student:
        student = Student(int(data["id"]), str(data["nickname"]), str(data["token"]))
        self.students[student.id] = student
        self._by_token[student.token] = student
        return student

    # ---- dealing ----------------------------------------------------------------------------------------
    def deal(self, size: int, mode: str = "normal", seed: int | None = None, hints: bool = True) -> None:
        """Seat every student at tables of at most `size` (in the order they joined) for a new round:
        `mode` "normal" gives each table its own dice, "duplicate" gives every table the same dice."""
        if mode not in MODES:
            raise ClassError(f"unknown mode {mode!r}; choose {' or '.join(MODES)}")
        with self.lock:
            if not self.students:
                raise ClassError("No student has joined yet: nobody to seat.")
            sizes = table_sizes(len(self.students), int(size))
            seed = self.round + 1 if seed is None else int(seed)
            data = {"round": self.round + 1, "mode": mode, "seed": seed, "hints": bool(hints),
                    "tables": self._seating(sizes)}
            self.store.append("deal", data)
            self._dealt(data)
        self._tell(Change("deal"))

    def _seating(self, sizes: Sequence[int]) -> list[list[int]]:
        ids = sorted(self.students)
        seating, start = [], 0
        for size in sizes:
            seating.append(ids[start:start + size])
            start += size
        return seating

    def _dealt(self, data: dict) -> None:
        self.past.extend(self.tables)
        self.round = int(data["round"])
        mode, seed = data["mode"], int(data["seed"])
        self.tables = []
        for number, ids in enumerate(data["tables"], start=1):
            game_seed = seed if mode == "duplicate" else seed * 100 + number
            names = [self.students[i].nickname for i in ids]
            table = Table(len(ids), names=names, seed=game_seed, board=self.board, dice=self.dice,
                          allow_hints=data["hints"])
            self.tables.append(ClassTable(self.round, number, mode, tuple(ids), table))

    # ---- playing ------------------------------------------------------------------------------------------
    def act(self, token: str | None, action: str, cell: Any = None) -> tuple[Message, ...]:
        """What a student's device asks: "roll", "place" (a cell), "pass" or "hint". Only the student
        whose turn it is may act; anything else changes nothing and answers with a sentence."""
        with self.lock:
            student = self.student(token)
            if student is None:
                return (_refused("This device has not joined the class: join with a nickname first."),)
            seated = self.seat_of(student)
            if seated is None:
                return (_refused("You have no seat yet: the teacher deals the tables."),)
            table, seat = seated
            game = table.table.game
            if action not in ACTIONS:
                return (_refused(f"Unknown action {str(action)[:20]!r}."),)
            if not game.over and game.current_player != seat:
                who = table.table.seats[game.current_player].name
                return (_refused(f"It is {who}'s turn: watch, and play when your turn comes."),)
            messages = self._play(table, action, cell)
            if messages and not messages[0].refused:
                self.store.append("act", {"round": table.round, "table": table.number, "seat": seat,
                                          "action": action, "cell": _cell_data(cell)})
                self._tell(Change("table", table.number))
                self._review_when_over(table)
            return messages

    def _review_when_over(self, table: ClassTable) -> None:
        """Once the table's game is over, have its fair review made in the reviewer's process; the
        leaderboard shows each seat's luck-adjusted score when it arrives."""
        if not table.table.game.over or table.fair_review is not None:
            return
        if self._reviewer is None:
            self._reviewer = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        table.fair_review = self._reviewer.submit(luck_adjusted_scores, table.table.game.to_json())

        def arrived(review: Future) -> None:
            if review.cancelled() or review.exception() is not None:
                return  # the leaderboard keeps showing no luck-adjusted score for this table
            with self.lock:
                table.fair = review.result()
                self._tell(Change("table", table.number))

        table.fair_review.add_done_callback(arrived)

    def _play(self, table: ClassTable, action: str, cell: Any) -> tuple[Message, ...]:
        """Do the action at the table; a die placed or passed is kept as a decision for the coach (as
        `muzlab.play.coach.decisions` finds them: the position and the die before it)."""
        t, game = table.table, table.table.game
        before = (len(game.events), game.turn, game.current_player, game.phase == "bonus", game.position,
                  game.hand)
        if action == "place":
            messages = t.place(cell)
        else:
            messages = {"roll": t.roll, "pass": t.pass_die, "hint": t.hint}[action]()
        if action in ("place", "pass") and messages and not messages[0].refused:
            index, turn, seat, passed_die, position, pitch = before
            event = game.events[index]
            table.decisions.append(coach.Decision(index, turn, seat, passed_die, position, pitch,
                                                  event.cell if event.kind == "place" else None, event))
            table.losses.append(position.best_placements(pitch)[0] - (event.points if event.kind == "place"
                                                                       else 0))
        return messages

    def _replay_act(self, data: dict) -> None:
        table = self.table(int(data["table"]))
        if table is None or table.round != int(data["round"]):
            return
        cell = tuple(data["cell"]) if isinstance(data["cell"], list) else data["cell"]
        self._play(table, data["action"], cell)

    # ---- watching ---------------------------------------------------------------------------------------
    def watch(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """Call `callback(change)` after every change (with the class's lock held); returns `unwatch`."""
        with self.lock:
            self._watchers.append(callback)

        def unwatch() -> None:
            with self.lock:
                if callback in self._watchers:
                    self._watchers.remove(callback)

        return unwatch

    def _tell(self, change: Change) -> None:
        with self.lock:
            for callback in list(self._watchers):
                callback(change)

    # ---- standings and export --------------------------------------------------------------------------
    def standings(self) -> list[dict[str, Any]]:
        """This round's leaderboard, best first: nickname, table, score, completions, points lost (the
        best immediate score minus the points played, summed over the student's decisions, as the
        coach's review counts them), decisions, hints, and the luck-adjusted score (the score with the
        luck of the dice taken out, `muzlab.play.coach.summary`) once the game is over and reviewed
        (None until then)."""
        rows = []
        with self.lock:
            for table in self.tables:
                game = table.table.game
                for seat, sid in enumerate(table.students):
                    mine = [loss for decision, loss in zip(table.decisions, table.losses, strict=True)
                            if decision.seat == seat]
                    completions = sum(len(e.completed) for e in game.events
                                      if e.kind == "place" and e.player == seat)
                    rows.append({"nickname": self.students[sid].nickname, "table": table.number,
                                 "score": game.scores[seat], "completions": completions,
                                 "points lost": sum(mine), "decisions": len(mine),
                                 "hints": table.table.hints_used(seat),
                                 "luck-adjusted": None if table.fair is None else round(table.fair[seat], 1)})
        rows.sort(key=lambda row: (-row["score"], row["points lost"], row["nickname"].casefold()))
        return rows

    def export(self) -> bytes:
        """A zip: decisions.csv (one row per student per decision: the coach's review columns, with
        the expert's choice, the values and luck, and the comment) and every game's record
        (games/round-R-table-T.json). Only copying the records holds the class's lock; the reviews
        (a fraction of a second a game) are made in a process of their own, so the tables play on."""
        with self.lock:
            games = [(table.round, table.number, table.mode,
                      [self.students[sid].nickname for sid in table.students], table.table.game.to_json())
                     for table in [*self.past, *self.tables]]
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            decisions = pool.submit(decisions_csv, games).result()
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for round_number, number, _mode, _nicknames, record in games:
                archive.writestr(f"games/round-{round_number}-table-{number}.json", record)
            archive.writestr("decisions.csv", decisions)
        return buffer.getvalue()


def luck_adjusted_scores(record: str) -> list[float]:
    """Each seat's luck-adjusted score in a finished game (its final score minus the luck of its
    rolls, the coach's fair review), from its record: run in the reviewer's process."""
    summary = coach.summary(coach.review(Game.from_json(record)))
    return [float(score) for score in summary["luck_adjusted"]]


def decisions_csv(games: Sequence[tuple[int, int, str, list[str], str]]) -> str:
    """The export's decisions.csv from (round, table, mode, nicknames by seat, record) per game: the
    coach's review of each game, one row per decision, with the comment in English."""
    text = io.StringIO()
    writer = None
    with note_names("english"):
        for round_number, number, mode, nicknames, record in games:
            game = Game.from_json(record)
            for row, comment in zip(coach.review(game).to_dict("records"), coach.comments(game), strict=True):
                row["comment"] = comment
                row["player"] = nicknames[row["seat"]]
                row["best_cells"] = " ".join(row["best_cells"])
                if writer is None:
                    writer = csv.DictWriter(text, [*EXPORT_COLUMNS, *row])
                    writer.writeheader()
                writer.writerow({"round": round_number, "table": number, "mode": mode,
                                 "nickname": row["player"], **row})
    return text.getvalue() or ",".join(EXPORT_COLUMNS) + "\n"


def _refused(text: str) -> Message:
    return Message(text, kind="refused")


def _cell_data(cell: Any) -> Any:
    """A cell as JSON keeps it: (q, r) as a list, a name as a string."""
    return list(cell) if isinstance(cell, tuple) else cell
