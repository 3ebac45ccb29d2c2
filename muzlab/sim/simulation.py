"""Many games between computer players, as two tidy pandas DataFrames: `.games` and `.moves`.

Layers, one way: `muzlab.sim.stats` (statistics of the frames) and `muzlab.sim.runner` (chunks in processes
or on a Dask cluster) know nothing of games; this module plays the games, builds the frames from
them, writes Parquet datasets, and offers `simulate` on top.

Game i is played from a seed derived from (seed, i) alone, so the frames are the same whatever
the number of workers or the chunking. `play_chunk(spec, indices)` (and `write_chunk`, which stores
a chunk as Parquet parts) is the top-level, picklable unit of work that process pools and a Dask
client map over chunks of game indices.

The frames hold facts: seats are 0-based (`player`, `winner`, `score_0`, `agent_0`, ...) and
pitches and completions are numbers; tables and plots for people name seats "Player 1", ... and
notes through `muzlab.names.spelling`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muzlab.core import outputs, safe_json
from muzlab.core.board import Board
from muzlab.core.errors import Count, MuzlabError, SimulationError, UnknownSetting, shown
from muzlab.play.agents import AGENTS, play, seat_agents
from muzlab.play.game import Game
from muzlab.rules.ruleset import RuleSet
from muzlab.sim import fast, part_stats, runner, stats

if TYPE_CHECKING:
    import dask.dataframe as dd
    import pandas as pd
    from distributed import Client

MAX_SEED = 2**63
#: The most games one simulation plays (a game index fits in the frames' int64 columns).
MAX_GAMES = 10**15
#: The most games `simulate` plays into frames in memory; more go to a dataset on disk (`out=`).
MAX_IN_MEMORY = 1_000_000
#: Runs at least this long show a progress bar unless told otherwise.
PROGRESS_FROM = 2000
#: With `workers=None`, runs of at least this many games use every core; smaller runs stay in this
#: process, where starting worker processes would cost more than it saves.
PARALLEL_FROM = 2000
#: How many times larger the automatic chunks of a run in memory on the fast engine are: it plays a
#: chunk about forty times faster, and 1,000-game chunks spent a tenth of its time making and freeing
#: their arrays.
FAST_CHUNK_SCALE = 10


@dataclass(frozen=True)
class SimulationSpec:
    """What to simulate: the agents by seat, the base seed and the game settings."""

    agents: tuple[str, ...]
    seed: int = 0
    dice: int = 21
    rules: RuleSet = field(default_factory=RuleSet.basic)
    board: Board | None = None
    alternate_seats: bool = False

    def __post_init__(self) -> None:
        for name in self.agents:
            if not isinstance(name, str) or name not in AGENTS:
                raise UnknownSetting("unknown agent {name}; known agents: {agents}", name=shown(name),
                                     agents=sorted(AGENTS))

    def game_seed(self, index: int) -> int:
        """The seed of game `index`: a hash of (seed, index), independent of workers and chunks."""
        digest = hashlib.sha256(self.seed_prefix() + str(index).encode()).digest()
        return int.from_bytes(digest[:8], "big") % MAX_SEED

    def seed_prefix(self) -> bytes:
        """What game i's seed hashes before the digits of i (the batch engine hashes it in compiled code)."""
        return f"muzlab-sim:{self.seed}:".encode()

    def seating(self, index: int) -> tuple[str, ...]:
        """The agent in each seat for game `index` (rotated by one seat per game if alternating)."""
        if not self.alternate_seats:
            return self.agents
        shift = index % len(self.agents)
        return self.agents[shift:] + self.agents[:shift]

    def to_dict(self) -> dict:
        """The spec as JSON-ready data (rules field by field, the board as its board-file structure)."""
        board = self.board.to_dict() if self.board else None
        return {"agents": list(self.agents), "seed": self.seed, "dice": self.dice,
                "rules": dataclasses.asdict(self.rules), "board": board,
                "alternate_seats": self.alternate_seats}

    @classmethod
    def from_dict(cls, data: dict) -> SimulationSpec:
        """Rebuild what `to_dict` gave."""
        def tuples(value: Any) -> Any:
            return tuple(tuples(v) for v in value) if isinstance(value, list) else value

        rules = RuleSet(**{name: tuples(value) for name, value in data["rules"].items()})
        board = Board.from_dict(data["board"]) if data["board"] is not None else None
        return cls(tuple(data["agents"]), data["seed"], data["dice"], rules, board, data["alternate_seats"])


def play_game(spec: SimulationSpec, index: int) -> Game:
    """Play game `index` of a simulation to its end; the same (spec, index) gives the same game."""
    seed = spec.game_seed(index)
    game = Game(len(spec.agents), spec.board, spec.rules, spec.dice, seed)
    return play(game, seat_agents(spec.seating(index), seed))


# ---- the frames -------------------------------------------------------------------------------------------
GAME_COLUMNS_HEAD = ["game", "seed", "players"]
#: After the agent_i and score_i columns. `passes`: each pass once, for the player who passed;
#: `rerolls`: passed dice their receiver could not place, and passes with one player; `missed`:
#: passes and re-rolls of a die that had a legal cell.
GAME_COLUMNS_TAIL = ["winner", "tie", "dice_placed", "passes", "rerolls", "missed", "extra_rolls",
                     "bonus_plays", "turns", "end_reason"]
#: One row per die a player decided on. `action`: "opening", "place", "pass" (handed to the next
#: player) or "reroll" (given up and rolled again); `pitch`, `legal_cells`: the die in hand and the
#: cells it had; `completed`: structures the placement completed, the triad as `triad_root` and
#: `triad_quality`, a scale as `scale_tonic` and `scale_type` (the first, when one die completes the
#: scales of both its diagonals); `received`: a die passed by the previous player (placed, it is a
#: `bonus` play; else it is re-rolled); `extra`: a die of an extra roll.
MOVE_COLUMNS = ["game", "event", "turn", "player", "agent", "action", "pitch", "q", "r", "points",
                "honeypot", "completed", "triad_root", "triad_quality", "scale_tonic", "scale_type",
                "legal_cells", "missed", "received", "bonus", "extra", "dice_on_board"]


def play_games(spec: SimulationSpec, indices: Iterable[int]) -> tuple[list[tuple], list[tuple]]:
    """Play the games `indices`; return their rows for `.games` and `.moves` (tuples in column order)."""
    games, moves = [], []
    for index in indices:
        game = play_game(spec, index)
        seating = spec.seating(index)
        games.append(_game_row(index, game, seating))
        moves.extend(_move_rows(index, game, seating))
    return games, moves


def _game_row(index: int, game: Game, seating: Sequence[str]) -> tuple:
    result = game.result
    passes = rerolls = missed = extra_rolls = bonus_plays = 0
    for e in game.events:
        kind = e.kind
        if kind == "roll":
            extra_rolls += e.source == "extra"
        elif kind == "place":
            bonus_plays += e.source == "passed"
        else:
            passes += kind == "pass"
            rerolls += kind == "reroll"
            missed += e.legal_cells > 0
    return (index, game.seed, game.players, *seating, *game.scores, -1 if result.tie else result.winners[0],
            result.tie, len(game.position), passes, rerolls, missed, extra_rolls, bonus_plays, game.turn,
            game.end_reason)


def _move_rows(index: int, game: Game, seating: Sequence[str]) -> list[tuple]:
    rows, on_board, honeypots = [], 0, game.board.honeypots
    for number, e in enumerate(game.events):
        kind = e.kind
        if kind == "roll":
            continue
        triad = scale = None
        if kind == "place":
            q, r = e.cell
            for done in e.completed:
                if done.kind == "triad":
                    triad = done
                elif scale is None:
                    scale = done
            rows.append((index, number, e.turn, e.player, seating[e.player],
                         "opening" if e.source == "opening" else "place", e.pitch, q, r, e.points,
                         honeypots.get(e.cell, 1), len(e.completed), triad.root if triad else None,
                         triad.quality if triad else "", scale.root if scale else None,
                         scale.quality if scale else "",
                         e.legal_cells, False, e.source == "passed", e.source == "passed",
                         e.source == "extra", on_board))
            on_board += 1
        else:
            rows.append((index, number, e.turn, e.player, seating[e.player], kind, e.pitch, None, None, 0, 1,
                         0, None, "", None, "", e.legal_cells, e.legal_cells > 0, e.source == "passed", False,
                         e.source == "extra", on_board))
    return rows


def frames(players: int, game_rows: list[tuple], move_rows: list[tuple]) -> SimulationResult:
    """Build the two DataFrames (with their dtypes) from rows returned by `play_games`, column by column."""
    seats = range(players)
    game_types = {"game": "int64", "seed": "int64", "players": "int64",
                  **{f"agent_{i}": "str" for i in seats}, **{f"score_{i}": "int64" for i in seats},
                  "winner": "int64", "tie": "bool",
                  **dict.fromkeys(GAME_COLUMNS_TAIL[2:-1], "int64"), "end_reason": "str"}
    games = _typed_frame(game_rows, game_types).sort_values("game", kind="stable").reset_index(drop=True)
    moves = _typed_frame(move_rows, MOVE_TYPES)
    moves = moves.sort_values(["game", "event"], kind="stable").reset_index(drop=True)
    return SimulationResult(games, moves)


#: The dtype of each column of the moves frame.
MOVE_TYPES = {
    **dict.fromkeys(["game", "event", "turn", "player"], "int64"), "agent": "str", "action": "str",
    "pitch": "int64", "q": "Int64", "r": "Int64", "points": "int64", "honeypot": "int64",
    "completed": "int64",
    "triad_root": "Int64", "triad_quality": "str", "scale_tonic": "Int64", "scale_type": "str",
    "legal_cells": "int64", **dict.fromkeys(["missed", "received", "bonus", "extra"], "bool"),
    "dice_on_board": "int64",
}


def _typed_frame(rows: list[tuple], types: dict[str, str]) -> pd.DataFrame:
    """The rows as a frame of the given column dtypes, each column made in one go from its values:
    numbers and flags straight into numpy arrays, "Int64" (None for a missing number) as values
    and a mask, text through pandas."""
    import numpy as np  # the worker processes import this module: numpy and pandas load where frames are made
    import pandas as pd  # the worker processes import this module: pandas loads where frames are made

    columns = list(zip(*rows, strict=True)) if rows else [()] * len(types)
    data = {}
    for (name, dtype), values in zip(types.items(), columns, strict=True):
        if dtype == "int64":
            data[name] = np.array(values, dtype=np.int64)
        elif dtype == "bool":
            data[name] = np.array(values, dtype=np.bool_)
        elif dtype == "Int64":  # None becomes NaN in floats (exact for these small numbers), then the mask
            floats = np.array(values, dtype=np.float64)
            missing = np.isnan(floats)
            data[name] = pd.arrays.IntegerArray(np.where(missing, 0, floats).astype(np.int64), missing)
        else:
            data[name] = pd.array(list(values), dtype=dtype)
    return pd.DataFrame(data)


def games_frames(games: Sequence[Game], agents: Sequence[str] | None = None) -> SimulationResult:
    """The frames of games played anywhere (a class's records, say), with the columns of `simulate`: game i
    is `games[i]`, and `agents` names who sat in each seat ("person" by default). The games must have
    the same number of players and be over."""
    players = {game.players for game in games}
    if len(players) > 1 or any(not game.over for game in games):
        raise UnknownSetting("games_frames takes finished games with the same number of players; got "
                             "{players} players, {unfinished} unfinished", players=sorted(players),
                             unfinished=sum(not g.over for g in games))
    seating = tuple(agents) if agents is not None else ("person",) * (players.pop() if players else 0)
    if games and len(seating) != games[0].players:
        raise UnknownSetting("{agents} for {seats}",
                             agents=Count(len(seating), "{count} agent", "{count} agents"),
                             seats=Count(games[0].players, "{count} seat", "{count} seats"))
    rows = [(_game_row(i, game, seating), _move_rows(i, game, seating)) for i, game in enumerate(games)]
    return frames(len(seating), [row for row, _ in rows], [move for _, moves in rows for move in moves])


def play_chunk(spec: SimulationSpec, indices: range, engine: str = "pure"
               ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play the games `indices` and return their typed `.games` and `.moves` frames: the task of a worker.
    `engine` "fast" plays them in the compiled batch engine (`muzlab.sim.fast`), with the same frames."""
    if engine == "fast" and len(indices):
        return fast.play_chunk(spec, indices)
    result = frames(len(spec.agents), *play_games(spec, indices))
    return result.games, result.moves


class SimulationResult:
    """The frames of a simulation: `.games` (one row per game) and `.moves` (one row per die decided on)."""

    def __init__(self, games: pd.DataFrame, moves: pd.DataFrame):
        self.games = games
        self.moves = moves

    @property
    def players(self) -> int:
        return sum(1 for column in self.games.columns if column.startswith("score_"))

    def frame(self, kind: str) -> pd.DataFrame:
        """The "games" or "moves" frame (what `muzlab.sim.stats` reads)."""
        if kind not in KINDS:
            raise UnknownSetting("kind {kind}: choose 'games' or 'moves'", kind=repr(kind))
        return getattr(self, kind)

    def summary(self, by: str = "player") -> pd.DataFrame:
        """Mean score, wins and win share with its Wilson 95% interval, passes and re-rolls per game: per
        player ("Player 1", ...; by="player"), or per agent (by="agent", pooling every seat it sat in)."""
        table = stats.win_shares(self, by)
        means = stats.mean_scores(self, by)["mean_score"]
        table.insert(table.columns.get_loc("games") + 1, "mean_score", means)
        rates = stats.pass_rates(self, by)
        for name in ("passes", "rerolls"):
            table[f"{name}_per_game"] = rates[name].reindex(table.index, fill_value=0) / table["games"]
        return table

    def report(self) -> str:
        """A few lines for the terminal: games, ties, passes, re-rolls and extra rolls, then the summary
        per player (and per agent when the agents changed seats)."""
        import pandas as pd  # the worker processes import this module: pandas loads where frames are made

        games = self.games
        ties = int(games["tie"].sum())
        lines = [
            f"{len(games)} games, {self.players} player{'s' if self.players != 1 else ''}; "
            f"ties {ties} ({ties / max(len(games), 1):.1%}); per game: passes {games['passes'].mean():.2f}, "
            f"re-rolls {games['rerolls'].mean():.2f}, missed placements {games['missed'].mean():.2f}, "
            f"extra rolls {games['extra_rolls'].mean():.2f}",
            "win share: Wilson 95% interval in win_low..win_high",
        ]
        by_player = self.summary("player")
        tables = [by_player]
        if by_player["agent"].str.contains("/").any():
            tables.append(self.summary("agent"))
        with pd.option_context("display.width", 120, "display.precision", 3):
            lines += [table.to_string() for table in tables]
        return "\n".join(lines)

    def to_parquet(self, path: str | Path, force: bool = False) -> Path:
        """Write both frames into the folder `path` (games.parquet, moves.parquet, one run id in both);
        return it. Earlier files there are replaced only with `force`; the two files are written aside
        and renamed into place together, so an interrupted write leaves the earlier ones whole."""
        folder = Path(path)
        made = outputs.check_files(folder, PARQUET_FILES, force)
        try:
            outputs.write_files(dict(zip(PARQUET_FILES, (self.games, self.moves), strict=True)), folder,
                                outputs.new_run_id())
        except BaseException:
            if made:
                outputs.discard(folder)
            raise
        return folder

    @classmethod
    def read_parquet(cls, path: str | Path) -> SimulationResult:
        """Read back what `to_parquet` wrote; OutputError when the two files are from different runs."""
        import pandas as pd  # the worker processes import this module: pandas loads where frames are made

        folder = Path(path)
        runs = {name: run_of(folder / name) for name in PARQUET_FILES}
        if len(set(runs.values())) > 1:
            raise outputs.OutputError("{folder}: games.parquet and moves.parquet are from different runs "
                                      "({games} and {moves}); simulate again", folder=folder,
                                      games=runs["games.parquet"], moves=runs["moves.parquet"])
        return cls(pd.read_parquet(folder / "games.parquet"), pd.read_parquet(folder / "moves.parquet"))

    def __repr__(self) -> str:
        return f"<SimulationResult {len(self.games)} games, {len(self.moves)} moves>"


# ---- partitioned Parquet datasets -------------------------------------------------------------------------
DATASET_FILE = "simulation.json"
DATASET_FORMAT = "muzlab-simulation-dataset/3"
KINDS = ("games", "moves")
#: The files `SimulationResult.to_parquet` writes.
PARQUET_FILES = ("games.parquet", "moves.parquet")
#: The largest simulation.json read, in bytes.
MAX_DATASET_FILE = 1_000_000
#: Parts read together for a dataset's summary (one Arrow group-by per batch, not per part).
READ_BATCH = 25


def run_of(path: Path) -> str | None:
    """The run id in a Parquet file's metadata, as `outputs.write_parquet` wrote it (None for a file
    written before runs had ids)."""
    import pyarrow.parquet as pq  # pyarrow only for datasets

    try:
        metadata = pq.read_schema(path).metadata or {}
    except (OSError, ValueError) as error:  # (pyarrow's ArrowInvalid is a ValueError)
        raise outputs.OutputError("{path} is not a readable Parquet file: {error}", path=path,
                                  error=error) from None
    value = metadata.get(outputs.RUN_KEY)
    return None if value is None else value.decode()


def part_name(number: int) -> str:
    """The file name of chunk `number` in games/ and moves/."""
    return f"part-{number:05d}.parquet"


def start_dataset(out: str | Path, force: bool, run_id: str) -> Path:
    """Check `out` before any game is played and make the folder the dataset is written in: a new folder
    beside `out`, renamed to `out` when the dataset is complete (`finish_dataset`). An earlier dataset in
    `out` is replaced only with `force`; a folder holding anything else is refused."""
    folder = Path(out).resolve()
    if folder.exists():
        if not folder.is_dir():
            raise outputs.OutputError("{folder} is a file, not a folder", folder=folder)
        held = {path.name for path in folder.iterdir()}
        if held and not held <= {DATASET_FILE, *KINDS}:
            raise outputs.OutputExists("{folder} holds other files ({files}); write a dataset into a new or "
                                       "empty folder", folder=folder, files=", ".join(sorted(held)[:3]))
        if held and not force:
            raise outputs.OutputExists("{folder} already holds a simulation dataset; choose another folder, "
                                       "or replace it with --force (force=True)", folder=folder)
    staging = outputs.staging_folder(folder, run_id)
    for kind in KINDS:
        (staging / kind).mkdir()
    return staging


def write_chunk(spec: SimulationSpec, indices: range, folder: str, number: int,
                run_id: str, engine: str = "pure") -> tuple[int, int]:
    """Play the games `indices`, write them as part `number` of the dataset in `folder` (with the run's
    id), return the row counts. Each file appears whole (written aside, then renamed): a dead worker
    leaves no half part. The fast engine's worker writes Arrow tables made without pandas (the same
    files): pandas is not loaded in it."""
    if engine == "fast" and len(indices):
        written = dict(zip(KINDS, fast.chunk_tables(spec, indices), strict=True))
        write = outputs.write_table
    else:
        written = dict(zip(KINDS, play_chunk(spec, indices, engine), strict=True))
        write = outputs.write_parquet
    for kind, part in written.items():
        final = Path(folder) / kind / part_name(number)
        aside = final.with_name(f".{final.name}.{os.getpid()}.tmp")
        write(part, aside, run_id)
        os.replace(aside, final)
    return len(written["games"]), len(written["moves"])


def finish_dataset(staging: Path, out: Path, spec: SimulationSpec, n_games: int, chunk_size: int,
                   rows: list[int], run_id: str) -> SimulationDataset:
    """Write simulation.json (the mark of a complete dataset), clear files left by dead workers, and
    rename the finished folder to `out` (replacing an earlier dataset there)."""
    for kind in KINDS:
        for leftover in (staging / kind).glob(".part-*.tmp"):
            leftover.unlink(missing_ok=True)
    meta = {"format": DATASET_FORMAT, "run": run_id, "n_games": n_games, "chunk_size": chunk_size,
            "games_rows": rows[0], "moves_rows": rows[1], "spec": spec.to_dict()}
    (staging / DATASET_FILE).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    outputs.commit_folder(staging, out)
    return SimulationDataset(out, spec, n_games, chunk_size, run_id)


class SimulationDataset:
    """A simulation stored as Parquet parts, read lazily: `.games_dask()`/`.moves_dask()` as Dask
    DataFrames for runs bigger than memory, `.games()`/`.moves()` as pandas frames when they fit."""

    def __init__(self, folder: str | Path, spec: SimulationSpec, n_games: int, chunk_size: int,
                 run_id: str):
        self.folder = Path(folder)
        self.spec = spec
        self.n_games = n_games
        self.chunk_size = chunk_size
        self.run_id = run_id
        self._totals: pd.DataFrame | None = None

    @classmethod
    def open(cls, folder: str | Path) -> SimulationDataset:
        """The dataset that `simulate(..., out=folder)` finished writing; MuzlabError when it is not one,
        or when its part files are not all of the run its simulation.json names."""
        folder = Path(folder)
        path = folder / DATASET_FILE
        if not path.is_file():
            raise MuzlabError("{folder} holds no finished simulation dataset (no {dataset_file})",
                              folder=folder, dataset_file=DATASET_FILE)
        meta = safe_json.loads(safe_json.read_text(path, MAX_DATASET_FILE, MuzlabError, str(path)),
                               MuzlabError, str(path))
        if not isinstance(meta, dict) or meta.get("format") != DATASET_FORMAT:
            found = meta.get("format") if isinstance(meta, dict) else meta
            raise MuzlabError("{path}: unknown format {found} (this muzlab reads {dataset_format}; "
                              "simulate again to write one)", path=path, found=shown(found),
                              dataset_format=DATASET_FORMAT)
        try:
            dataset = cls(folder, SimulationSpec.from_dict(meta["spec"]), meta["n_games"], meta["chunk_size"],
                          meta["run"])
            if not (type(dataset.n_games) is int and type(dataset.chunk_size) is int and dataset.n_games >= 0
                    and dataset.chunk_size >= 1 and isinstance(dataset.run_id, str)):
                raise ValueError("n_games, chunk_size or run")
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise MuzlabError("{path} is not a simulation description muzlab wrote ({error})", path=path,
                              error=shown(error)) from None
        dataset.check()
        return dataset

    def check(self) -> None:
        """Refuse a dataset whose part files are missing, or from another run than simulation.json's."""
        for kind in KINDS:
            for path in self.files(kind):
                if not path.is_file():
                    raise outputs.OutputError("{folder}: {kind}/{name} is missing; the dataset is incomplete",
                                              folder=self.folder, kind=kind, name=path.name)
                run = run_of(path)
                if run != self.run_id:
                    raise outputs.OutputError("{folder}: {kind}/{name} is from run {run}, not from run "
                                              "{wanted} that {file} describes; the parts do not belong "
                                              "together",
                                              folder=self.folder, kind=kind, name=path.name, run=run,
                                              wanted=self.run_id, file=DATASET_FILE)

    @property
    def parts(self) -> runner.Chunks:
        """The game indices of each part file, in order."""
        return runner.chunks(self.n_games, self.chunk_size)

    def files(self, kind: str) -> list[Path]:
        """The part files of "games" or "moves", in game order."""
        if kind not in KINDS:
            raise UnknownSetting("kind {kind}: choose 'games' or 'moves'", kind=repr(kind))
        return [self.folder / kind / part_name(number) for number in range(len(self.parts))]

    def frame(self, kind: str) -> Any:
        """The "games" or "moves" frame for `muzlab.sim.stats`: lazy with Dask installed, else pandas."""
        try:
            import dask.dataframe  # noqa: F401
        except ImportError:
            return self._pandas(kind)
        return self._dask(kind)

    def _pandas(self, kind: str) -> pd.DataFrame:
        import pandas as pd  # the worker processes import this module: pandas loads where frames are made

        paths = self.files(kind)
        if not paths:
            return getattr(frames(len(self.spec.agents), [], []), kind)
        return pd.concat([pd.read_parquet(path) for path in paths], ignore_index=True)

    def _dask(self, kind: str) -> dd.DataFrame:
        import pandas as pd  # the worker processes import this module: pandas loads where frames are made

        dd = runner.require_dask_dataframe()
        paths = self.files(kind)
        if not paths:
            return dd.from_pandas(self._pandas(kind), npartitions=1)
        lazy = dd.read_parquet([str(path) for path in paths])
        # Dask reads text as NA-style strings; use pandas' own `str`, as in the frames in memory.
        return lazy.astype({column: "str" for column, dtype in lazy.dtypes.items()
                            if isinstance(dtype, pd.StringDtype)})

    def games(self) -> pd.DataFrame:
        """All games as one pandas frame, the same as `simulate` returns in memory."""
        return self._pandas("games")

    def moves(self) -> pd.DataFrame:
        """All moves as one pandas frame, the same as `simulate` returns in memory."""
        return self._pandas("moves")

    def games_dask(self) -> dd.DataFrame:
        """The games as a Dask DataFrame, one partition per part file."""
        return self._dask("games")

    def moves_dask(self) -> dd.DataFrame:
        """The moves as a Dask DataFrame, one partition per part file."""
        return self._dask("moves")

    def result(self) -> SimulationResult:
        """Both frames in memory, for `summary()` and `report()`, when they fit."""
        return SimulationResult(self.games(), self.moves())

    def seat_totals(self) -> pd.DataFrame:
        """`muzlab.sim.stats.seat_totals` of the games, summed READ_BATCH parts at a time in Arrow from the
        columns it reads (kept, as the dataset does not change)."""
        if self._totals is None:
            self._totals = stats.combined_seat_totals([part_stats.seat_totals(batch, len(self.spec.agents))
                                                       for batch in self._batches("games")])
        return self._totals

    def pass_counts(self, by: str = "agent") -> pd.DataFrame:
        """`muzlab.sim.stats.pass_counts` of the moves, summed READ_BATCH parts at a time in Arrow from the
        columns it reads."""
        import pandas as pd  # the worker processes import this module: pandas loads where frames are made

        parts = [part_stats.pass_counts(batch, by) for batch in self._batches("moves")]
        if not parts:
            return stats.pass_counts(self._pandas("moves"), by)
        return pd.concat(parts).groupby(level=0).sum().astype("int64")

    def _batches(self, kind: str) -> Iterator[list[Path]]:
        """The part files of "games" or "moves", READ_BATCH at a time."""
        paths = self.files(kind)
        for start in range(0, len(paths), READ_BATCH):
            yield paths[start:start + READ_BATCH]

    def report(self) -> str:
        """Win shares and mean scores per player and pass rates per agent, computed part by part."""
        import pandas as pd  # the worker processes import this module: pandas loads where frames are made

        lines = [f"{self.n_games} games in {len(self.parts)} parts at {self.folder}",
                 "win share: Wilson 95% interval in win_low..win_high"]
        with pd.option_context("display.width", 120, "display.precision", 3):
            lines += [table.to_string() for table in
                      (stats.win_shares(self), stats.mean_scores(self), stats.pass_rates(self))]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SimulationDataset {self.n_games} games in {len(self.parts)} parts at {self.folder}>"


# ---- simulate ---------------------------------------------------------------------------------------------
def simulate(
    n_games: int,
    agents: Sequence[str] = ("greedy", "random"),
    seed: int = 0,
    workers: int | None = None,
    *,
    dice: int = 21,
    rules: RuleSet | str | None = None,
    board: Board | str | None = None,
    alternate_seats: bool = False,
    progress: bool | None = None,
    chunk_size: int | None = None,
    client: Client | None = None,
    out: str | Path | None = None,
    retries: int = 2,
    force: bool = False,
    engine: str = "auto",
) -> SimulationResult | SimulationDataset:
    """Play `n_games` games between `agents` (one per seat) and return the `.games` and `.moves` frames.

    Game i uses a seed derived from (seed, i) alone, so the frames are the same whatever runs them:
    `workers` local processes (None: one below PARALLEL_FROM games, every core from there), or the
    workers of a `dask.distributed.Client` given as `client`. Games go out in chunks of `chunk_size`
    (None: about four per worker, runner.CHUNK_MIN..CHUNK_MAX: `_chunk_scale`). With `out`, each chunk is
    written by the worker that played it as `out`/games/part-NNNNN.parquet and `out`/moves/part-NNNNN.parquet,
    and a SimulationDataset is returned instead of frames in memory. A chunk that fails (its worker
    dies or it raises) is run again up to `retries` times, then SimulationError names the missing
    games. A progress bar shows for runs of PROGRESS_FROM games or more unless `progress` says otherwise.

    Chunks are made as they are sent out, so memory stays bounded with `out` (without it, at most
    MAX_IN_MEMORY games go into frames). `out` is checked before the first game; an earlier dataset
    there is replaced only with `force`, by one written beside it and renamed in when complete.

    `engine`: "pure" (the rules engine), "fast" (the batch engine, `muzlab.sim.fast`: the same frames)
    or "auto" (fast when numba is installed; it plays every agent, the expert at depth 1).
    """
    rules = RuleSet.named(rules) if isinstance(rules, str) else rules or RuleSet.basic()
    if isinstance(board, str):
        board = Board.named(board)
    spec = SimulationSpec(tuple(agents), seed, dice, rules, board, alternate_seats)
    _check_run(n_games, workers, chunk_size, retries, out is not None, client is not None)
    engine = fast_choice(engine, spec.agents)
    Game(len(spec.agents), board, rules, dice, 0)  # refuse bad settings before any work starts
    if client is None:
        workers = workers or (runner.cpu_count() if n_games >= PARALLEL_FROM else 1)
    parallel = workers if client is None else runner.cluster_threads(client)
    size = chunk_size or runner.auto_chunk_size(n_games, parallel, _chunk_scale(engine, out is None))
    parts = runner.chunks(n_games, size)
    run_id = outputs.new_run_id()
    if out is None:  # (the fast engine's chunks are arrays, joined before they become frames: `_joined`)
        task, job = (fast.play, lambda number: (spec, parts[number])) if engine == "fast" else (
            play_chunk, lambda number: (spec, parts[number], engine))
        results: dict[int, Any] = {}
        done = results.__setitem__
    else:
        staging = start_dataset(out, force, run_id)
        task, job = write_chunk, lambda number: (spec, parts[number], str(staging), number, run_id, engine)
        rows = [0, 0]

        def done(number: int, counts: tuple[int, int]) -> None:
            rows[0] += counts[0]
            rows[1] += counts[1]

    key = _job_key(task.__name__, spec, n_games, size, out is not None and run_id)
    bar = _progress_bar(n_games, progress, engine)
    try:
        with bar:
            runner.run_chunks(task, job, parts, bar, done, workers=workers or 1, client=client, key=key,
                              retries=retries)
        if out is not None:
            return finish_dataset(staging, Path(out).resolve(), spec, n_games, size if n_games else 1, rows,
                                  run_id)
    except BaseException as error:
        if out is not None:
            outputs.discard(staging)
            if isinstance(error, SimulationError):
                error.add_note(f"No dataset was written to {Path(out).resolve()}: a dataset is written whole "
                               "or not at all.")
        raise
    return _joined(spec, [results[number] for number in range(len(parts))])


def _chunk_scale(engine: str, in_memory: bool) -> int:
    """How many times the usual automatic chunk a run takes: FAST_CHUNK_SCALE in memory on the fast engine
    (a chunk of about the same time), else 1 (a dataset's parts bound each worker's memory)."""
    return FAST_CHUNK_SCALE if engine == "fast" and in_memory else 1


def fast_choice(engine: Any, agents: Sequence[str]) -> str:
    """The engine a run plays with, "fast" or "pure" (`muzlab.sim.fast.choose_engine`; without importing
    numba); UnknownSetting names an unknown engine, or why "fast" cannot be had."""
    if not isinstance(engine, str):
        raise UnknownSetting("unknown engine {engine}; choose one of {engines}", engine=shown(engine),
                             engines=', '.join(fast.ENGINES))
    return fast.choose_engine(engine, agents)


def _progress_bar(n_games: int, progress: bool | None, engine: str) -> Any:
    """The run's tqdm bar (shown from PROGRESS_FROM games unless `progress` says otherwise), made after
    the fast engine, if it plays, is compiled here: the compile time is not hidden in the first chunk."""
    from tqdm.auto import tqdm  # only with a progress bar

    shown = progress if progress is not None else n_games >= PROGRESS_FROM
    if engine == "fast" and n_games:
        _compile_fast(shown)
    return tqdm(total=n_games, unit="game", disable=not shown)


def _compile_fast(show: bool) -> None:
    """Compile the batch engine here, before any chunk (forked worker processes inherit it; others load
    it from numba's cache), and say how long it took on the progress line."""
    seconds = fast.compile_engine()
    if show:
        print(f"fast engine ready in {seconds:.1f} s (compiled, or loaded from numba's cache)" if seconds
              else "fast engine ready (compiled before in this process)", file=sys.stderr, flush=True)


def _job_key(task: str, spec: SimulationSpec, n_games: int, size: int, run_id: str | bool) -> str:
    """The cluster's name for a run's chunks: the same run gets the same key, another run another."""
    text = json.dumps([task, spec.to_dict(), n_games, size, run_id])
    return f"muzlab-{task}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def _joined(spec: SimulationSpec, chunks: list[tuple]) -> SimulationResult:
    """The frames of every chunk, in order, as one result: from the fast engine's arrays
    (`fast.joined_frames`), or the pure engine's frames concatenated."""
    if not chunks:
        return frames(len(spec.agents), [], [])
    if isinstance(chunks[0], fast.Played):
        return SimulationResult(*fast.joined_frames(spec, chunks))
    import pandas as pd  # the worker processes import this module: pandas loads where frames are made

    return SimulationResult(pd.concat([games for games, _ in chunks], ignore_index=True),
                            pd.concat([moves for _, moves in chunks], ignore_index=True))


def _check_run(n_games: Any, workers: Any, chunk_size: Any, retries: Any, to_disk: bool, on_cluster: bool
               ) -> None:
    """Refuse, naming it, a count of games, workers, chunk size or retries that `simulate` cannot run."""
    if not _whole(n_games, 0) or n_games > MAX_GAMES or (workers is not None and not _whole(workers, 1)) or (
            chunk_size is not None and not _whole(chunk_size, 1)):
        raise UnknownSetting("n_games must be a whole number from 0 to {max_games:,}, workers and "
                             "chunk_size >= 1", max_games=MAX_GAMES)
    if not _whole(retries, 0):
        raise UnknownSetting("retries must be >= 0")
    if not to_disk and n_games > MAX_IN_MEMORY:
        raise UnknownSetting("{n_games:,} games would not fit in memory as frames (at most "
                             "{max_in_memory:,}); write them part by part with out=FOLDER (muzlab simulate "
                             "--dataset --out FOLDER)", n_games=n_games, max_in_memory=MAX_IN_MEMORY)
    if on_cluster and workers is not None:
        raise UnknownSetting("workers= counts local processes; with client= the cluster's workers play "
                             "the games")


def _whole(value: Any, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum
