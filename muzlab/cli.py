"""The `muzlab` command: `muzlab perft` (rule counts and engine speed), `muzlab simulate` (games).

Bad arguments are answered with one line naming the problem and exit code 2, never a traceback;
Ctrl-C with one line and exit code 130. Outputs are checked before any work and written whole: an
earlier output is replaced only with --force.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import NoReturn

from muzlab.app import lessons
from muzlab.app.server import MAX_SESSIONS
from muzlab.core import outputs
from muzlab.core.board import Board
from muzlab.core.errors import MuzlabError, SimulationError, UnknownSetting
from muzlab.play.records import MAX_DICE
from muzlab.rules import perft
from muzlab.rules.ruleset import RuleSet
from muzlab.sim import simulation as sim
from muzlab.sim.simulation import MAX_GAMES, PARALLEL_FROM
from muzlab.views import worksheet


def _perft(args: argparse.Namespace) -> int:
    rules = RuleSet.named(args.rules)
    board = Board.named(args.board) if args.board else Board.named(rules.board_name_for(args.dice))
    if args.check:
        golden = perft.read_golden(args.check)
        from muzlab.rules.position import Position

        wrong = 0
        for line in golden:
            got = tuple(perft.counts(Position.from_notation(line.notation)))
            if got != line.counts:
                wrong += 1
                print(f"MISMATCH {line.notation}\n  golden {line.counts}\n  now    {got}")
        print(f"{len(golden) - wrong} of {len(golden)} positions agree with {args.check}")
        return 1 if wrong else 0
    lines = perft.golden_lines(range(args.seed, args.seed + args.games), args.dice, board, rules)
    if args.show:
        for line in lines:
            print(line)
    positions = [
        p for seed in range(args.seed, args.seed + args.games)
        for p in perft.random_positions(seed, args.dice, board, rules)
    ]
    rate = perft.measure(positions)
    total = sum(sum(line.counts) for line in lines)
    print(f"{len(lines)} positions ({board.name} board, {rules.name} rules), "
          f"{total} legal (pitch, cell) placements in all")
    print(f"legal_placements: {rate.calls_per_second:,.0f} calls/s on freshly built positions; "
          f"{rate.calls_per_second_with_build:,.0f} calls/s counting the build from dice")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from muzlab.sim.simulation import simulate

    if args.dataset and not args.out:
        raise UnknownSetting("--dataset needs --out FOLDER")
    if args.scheduler and args.workers is not None:
        raise UnknownSetting("--workers counts local processes; with --scheduler the cluster's workers play")
    agents = tuple(name.strip() for name in args.agents.split(",") if name.strip())
    if not agents:
        raise UnknownSetting("--agents needs at least one agent name (random, greedy, expert)")
    if args.scheduler and not _SCHEDULER.fullmatch(args.scheduler):
        raise UnknownSetting(f"--scheduler {args.scheduler!r} is not a scheduler address; write "
                             "tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786")
    settings = {"seed": args.seed, "dice": args.dice, "rules": args.rules,
                "alternate_seats": args.alternate_seats, "progress": False if args.quiet else None,
                "chunk_size": args.chunk_size, "retries": args.retries,
                "out": args.out if args.dataset else None, "force": args.force, "engine": args.engine}
    made = False
    if args.out and not args.dataset:
        made = outputs.check_files(Path(args.out), sim.PARQUET_FILES, args.force)  # before any game
    try:
        if args.scheduler:
            with _client(args.scheduler) as client:
                result = simulate(args.games, agents, client=client, **settings)
        else:
            result = simulate(args.games, agents, workers=args.workers, **settings)
        if args.out and not args.dataset:
            folder = result.to_parquet(args.out, force=True)  # (an earlier run was refused above)
    except BaseException:
        if made:
            outputs.discard(Path(args.out))
        raise
    if args.dataset:
        print(f"wrote {result.n_games} games in {len(result.parts)} parts to {result.folder} "
              "(games/, moves/, simulation.json)")
    elif args.out:
        print(f"wrote {folder / 'games.parquet'} and {folder / 'moves.parquet'}")
    print(result.report())
    return 0


def _class(args: argparse.Namespace) -> int:
    from muzlab.app.server import serve

    serve(args.folder, args.ip, args.port, browser=not args.no_browser, max_pages=args.max_pages)
    return 0


def _lite(args: argparse.Namespace) -> int:
    from muzlab.app.lite.build import build, missing_tools

    missing = missing_tools()
    if missing:
        raise MuzlabError(f"building the homework edition needs {', '.join(missing)}")
    out = Path(args.folder).resolve()
    build(out, out.with_name(f"{out.name}-build"))
    return 0


_SCHEDULER = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx|inproc)://)?[A-Za-z0-9_.\-\[\]:]+:[0-9]{1,5}")


def _client(address: str):
    """A Dask client of the scheduler at `address`, or MuzlabError saying it cannot be reached."""
    from muzlab.sim.runner import require_distributed

    try:
        return require_distributed().Client(address, timeout=15)
    except (OSError, ValueError, TimeoutError) as error:
        raise MuzlabError(f"cannot reach the Dask scheduler at {address}: {error}") from None


class _Parser(argparse.ArgumentParser):
    """An argument parser that answers a bad argument with one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def _at_least(minimum: int, most: int | None = None):
    """An argparse type: a whole number >= minimum (and <= most), or one line saying what is wrong."""
    bound = f"at most {most:,}" if most is not None else "at most 30 digits"

    def whole_number(text: str) -> int:
        digits = text.strip().removeprefix("+").removeprefix("-")
        if digits.isascii() and digits.isdecimal() and len(digits) > 30:
            shown = text.strip()
            raise argparse.ArgumentTypeError(f"{shown[:12]}…{shown[-6:]} ({len(digits)} digits) is too "
                                             f"{'small' if shown.startswith('-') else 'large'} ({bound})")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is too small; it must be {minimum} or more")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"{value:,} is too large ({bound})")
        return value

    whole_number.__name__ = f"a whole number >= {minimum}"
    return whole_number


def build_parser() -> argparse.ArgumentParser:
    """The parser of the `muzlab` command and its subcommands."""
    parser = _Parser(prog="muzlab", description="Muzundrum tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("perft", help="legal-cell counts on seeded random positions, and speed")
    p.add_argument("--seed", type=_at_least(0), default=0, help="first playout seed")
    p.add_argument("--games", type=_at_least(1, MAX_GAMES), default=10, help="number of seeded playouts")
    p.add_argument("--dice", type=_at_least(1, MAX_DICE), default=21, help="dice per playout")
    p.add_argument("--rules", default="basic", choices=["basic", "master"])
    p.add_argument("--board", default=None, help="shipped board name (default: the rules' board)")
    p.add_argument("--show", action="store_true", help="print the counts of every position")
    p.add_argument("--check", metavar="FILE", help="compare against a golden file, exit 1 on mismatch")
    p.set_defaults(run=_perft)
    s = commands.add_parser("simulate", help="play many games between computer players; summary and frames")
    s.add_argument("--games", type=_at_least(1, MAX_GAMES), default=1000, help="number of games")
    s.add_argument("--agents", default="greedy,random",
                   help="comma-separated agents, one per seat (random, greedy, expert)")
    s.add_argument("--seed", type=_at_least(0), default=0,
                   help="base seed (game i uses a seed derived from it)")
    s.add_argument("--workers", type=_at_least(1), default=None,
                   help=f"local processes (default: 1, or every core from {PARALLEL_FROM} games); "
                        "the frames do not depend on it")
    s.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on the Dask cluster at ADDRESS (e.g. tcp://10.0.0.5:8786); needs muzlab[dask]")
    s.add_argument("--chunk-size", type=_at_least(1), default=None,
                   help="games per task and per part file (default: about four chunks per worker)")
    s.add_argument("--retries", type=_at_least(0), default=2,
                   help="re-runs of a chunk whose worker died or that failed, before the run stops")
    s.add_argument("--dice", type=_at_least(1, MAX_DICE), default=21, help="dice in the supply")
    s.add_argument("--rules", default="basic", choices=["basic", "master"])
    s.add_argument("--alternate-seats", action="store_true", help="rotate the agents one seat per game")
    s.add_argument("--out", metavar="FOLDER", help="write games.parquet and moves.parquet into FOLDER")
    s.add_argument("--dataset", action="store_true",
                   help="with --out: workers write FOLDER/games/ and FOLDER/moves/ as Parquet parts, one per "
                        "chunk, for runs bigger than memory")
    s.add_argument("--force", action="store_true", help="replace an earlier run in --out")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.add_argument("--engine", default="auto", choices=["auto", "fast", "pure"],
                   help="fast: the compiled batch engine (muzlab[fast]; random and greedy only); pure: the "
                        "rules engine; auto (default): fast when installed and it plays the agents. The "
                        "frames are the same")
    s.set_defaults(run=_simulate)
    c = commands.add_parser(
        "class", help="serve a class: every student's device at tables, and a teacher's page")
    c.add_argument("folder", nargs="?", default="muzlab-class",
                   help="the class folder: its roster, games and scores (default ./muzlab-class)")
    c.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0: the school network)")
    c.add_argument("--port", type=_at_least(1, 65535), default=None,
                   help="port (default: the first free from 8870)")
    c.add_argument("--no-browser", action="store_true", help="do not open the teacher's page")
    c.add_argument("--max-pages", type=_at_least(1), default=MAX_SESSIONS,
                   help=f"students' pages open at once (default {MAX_SESSIONS}); one more is told the class "
                        "is full")
    c.set_defaults(run=_class)
    h = commands.add_parser(
        "lite", help="build the homework edition: a static site whose lessons run in the browser")
    h.add_argument("folder", nargs="?", default="muzlab-lite",
                   help="the site's folder (default ./muzlab-lite; downloads are kept in FOLDER-build)")
    h.set_defaults(run=_lite)
    lessons.add_commands(commands)
    worksheet.add_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; 2 and one line on stderr for bad arguments, 1 when a simulation failed, 130
    and one line on Ctrl-C."""
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except KeyboardInterrupt:
        print(f"muzlab{_named(argv)}: interrupted", file=sys.stderr)
        return 130
    except SimulationError as error:
        print(f"muzlab {args.command}: {error}", file=sys.stderr)
        return 1
    except MuzlabError as error:
        print(f"muzlab {args.command}: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        what = f"{error.filename}: {error.strerror}" if error.filename and error.strerror else error
        print(f"muzlab {args.command}: {what}", file=sys.stderr)
        return 2


def _named(argv: list[str] | None) -> str:
    """" COMMAND" for a message, from the arguments (the parser may not have finished)."""
    words = [word for word in (sys.argv[1:] if argv is None else argv) if not word.startswith("-")]
    return f" {words[0]}" if words else ""


if __name__ == "__main__":
    sys.exit(main())
