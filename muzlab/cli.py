"""The `muzlab` command: `muzlab perft` (rule counts and engine speed), `muzlab simulate` (games),
`muzlab midi` (a saved game as a MIDI file) and the commands of the lessons and worksheets.

Bad arguments are answered with one line naming the problem and exit code 2, never a traceback;
Ctrl-C with one line and exit code 130. Outputs are checked before any work and written whole: an
earlier output is replaced only with --force.

The command speaks the reader's language: `--language de` (en, de, fr, es), else the environment's
as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG: `de_DE.UTF-8` is German), else English. Its
messages and errors are translated; outputs (files, counts, records) stay as they are.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
import warnings
from pathlib import Path
from typing import Any, NoReturn

from muzlab.app import lessons, scorm_command
from muzlab.app.class_state import MAX_SESSIONS, UNJOINED_PER_ADDRESS
from muzlab.core import outputs
from muzlab.core.board import Board
from muzlab.core.errors import MuzlabError, SimulationError
from muzlab.names.command_words import argparse_words
from muzlab.names.error_words import error_words
from muzlab.names.language import LANGUAGES, check_language
from muzlab.names.output_words import Figure, mismatch_lines, number_words, parts_words, perft_lines
from muzlab.names.reader import Reader
from muzlab.play import records
from muzlab.play.game import Game
from muzlab.play.midi import game_midi
from muzlab.play.records import MAX_DICE
from muzlab.rules import perft
from muzlab.rules.ruleset import RuleSet
from muzlab.sim import simulation as sim
from muzlab.sim.simulation import MAX_GAMES, PARALLEL_FROM
from muzlab.views import bank_files, worksheet_commands
from muzlab.views.simulation_report import simulation_report


class CommandError(MuzlabError, ValueError):
    """A command line muzlab cannot run as given: options that do not go together, a scheduler out of
    reach."""


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
                print(mismatch_lines(line.notation, line.counts, got, args.reader))
        print(args.reader.ngettext("{agree} of {count} position agrees with {file}",
                                   "{agree} of {count} positions agree with {file}", len(golden)).format(
            agree=number_words(len(golden) - wrong, args.reader),
            count=number_words(len(golden), args.reader), file=args.check))
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
    print("\n".join(perft_lines(len(lines), board.name, rules.name, total, rate.calls_per_second,
                                rate.calls_per_second_with_build, args.reader)))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from muzlab.sim.simulation import simulate

    if args.dataset and not args.out:
        raise CommandError("--dataset needs --out FOLDER")
    if args.scheduler and args.workers is not None:
        raise CommandError("--workers counts local processes; with --scheduler the cluster's workers play")
    agents = tuple(name.strip() for name in args.agents.split(",") if name.strip())
    if not agents:
        raise CommandError("--agents needs at least one agent name (random, greedy, expert)")
    if args.scheduler and not _SCHEDULER.fullmatch(args.scheduler):
        raise CommandError("--scheduler {address} is not a scheduler address; write tcp://HOST:PORT, e.g. "
                           "tcp://10.0.0.5:8786", address=repr(args.scheduler))
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
        # TRANSLATORS: {games} is "{count} games" and {parts} is "{count} parts", each counted on its own.
        print(args.reader.gettext(
                "wrote {games} in {parts} to {folder} (games/, moves/, simulation.json)").format(
            games=args.reader.ngettext("{count} game", "{count} games", result.n_games).format(
                count=number_words(result.n_games, args.reader)),
            parts=parts_words(len(result.parts), args.reader), folder=result.folder))
    elif args.out:
        print(args.reader.gettext("wrote {games} and {moves}").format(games=folder / "games.parquet",
                                                                      moves=folder / "moves.parquet"))
    print(simulation_report(result, args.reader))
    return 0


def _midi(args: argparse.Namespace) -> int:
    """A saved game record as a Standard MIDI File: RECORD.mid beside it unless --out names another."""
    source = Path(args.record)
    if source.exists() and not source.is_file():
        raise CommandError("{path} is not a regular file (a folder, a device or a pipe); give a game record",
                           path=source)
    game = Game.from_dict(records.parse(records.read_file(source)))
    data = game_midi(game)  # (a game with no placement is refused before anything is written)
    out = Path(args.out) if args.out else source.with_suffix(".mid")
    if out.resolve() == source.resolve():
        raise CommandError("{path} is the game record itself; give --out another name", path=out)
    with outputs.file_written(out, args.force) as aside:
        aside.write_bytes(data)
    placed = sum(event.kind == "place" for event in game.events)
    print(args.reader.ngettext("wrote {file}: {count} note, one per placed die, then the completions",
                               "wrote {file}: {count} notes, one per placed die, then the completions",
                               placed).format(file=out, count=number_words(placed, args.reader)))
    return 0


def _class(args: argparse.Namespace) -> int:
    from muzlab.app.server import serve

    serve(args.folder, args.ip, args.port, browser=not args.no_browser, max_pages=args.max_pages,
          reader=args.reader, per_address=args.per_address, waiting_per_address=args.waiting_per_address,
          https=args.https, site=args.site)
    return 0


def _lite(args: argparse.Namespace) -> int:
    from muzlab.app.lite.build import build, missing_tools

    missing = missing_tools()
    if missing:
        raise MuzlabError("building the homework edition needs {missing}", missing=', '.join(missing))
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
        raise CommandError("cannot reach the Dask scheduler at {address}: {error}", address=address,
                           error=error) from None


class _Parser(argparse.ArgumentParser):
    """An argument parser that answers a bad argument with one line, in `reader`'s language, and exit
    code 2 (its subcommands' parsers too), and writes the word before its usage line in that language
    (`_in_language`)."""

    usage_words = "usage: "

    def __init__(self, *args: Any, reader: Reader | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.reader = reader or Reader()

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {argparse_words(message, self.reader)}\n")

    def _get_formatter(self) -> argparse.HelpFormatter:
        formatter = super()._get_formatter()
        add_usage = formatter.add_usage
        formatter.add_usage = lambda usage, actions, groups, prefix=None: add_usage(  # type: ignore[method-assign]
            usage, actions, groups, prefix if prefix is not None else self.usage_words)
        return formatter


def _in_language(parser: argparse.ArgumentParser, reader: Reader) -> None:
    """argparse's own words (its usage line, the headings of the help, the help of -h) in `reader`'s
    language, in the parser and every subcommand's: argparse itself speaks only English."""
    if isinstance(parser, _Parser):
        parser.usage_words = reader.gettext("usage: ")
    parser._positionals.title = reader.gettext("positional arguments")
    parser._optionals.title = reader.gettext("options")
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = reader.gettext("show this help message and exit")
        elif isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _in_language(command, reader)


def _at_least(minimum: int, most: int | None = None, reader: Reader | None = None):
    """An argparse type: a whole number >= minimum (and <= most), or one line saying what is wrong
    (in `reader`'s language; None: English)."""
    reader = reader or Reader()
    bound = (reader.gettext("at most {most:,}").format(most=Figure(most, reader)) if most is not None
             else reader.gettext("at most 30 digits"))

    def whole_number(text: str) -> int:
        digits = text.strip().removeprefix("+").removeprefix("-")
        if digits.isascii() and digits.isdecimal() and len(digits) > 30:
            shown = text.strip()
            small = reader.gettext("{number} ({digits} digits) is too small ({bound})")
            large = reader.gettext("{number} ({digits} digits) is too large ({bound})")
            too = small if shown.startswith("-") else large
            raise argparse.ArgumentTypeError(too.format(number=f"{shown[:12]}…{shown[-6:]}",
                                                        digits=len(digits), bound=bound))
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(reader.gettext("{text} is not a whole number").format(
                text=repr(text[:30]))) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(reader.gettext(
                "{value} is too small; it must be {minimum} or more").format(value=value, minimum=minimum))
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(reader.gettext("{value:,} is too large ({bound})").format(
                value=Figure(value, reader), bound=bound))
        return value

    whole_number.__name__ = f"a whole number >= {minimum}"
    return whole_number


def command_language(argv: list[str] | None = None, environ: dict[str, str] | None = None) -> str:
    """The language the command speaks: `--language X` among the arguments, else the environment's
    first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set (as gettext reads them: "de_DE.UTF-8"
    is German, "C" English), when muzlab speaks it; else English. UnknownSetting for a `--language`
    muzlab does not speak."""
    words = sys.argv[1:] if argv is None else argv
    for index, word in enumerate(words):
        if word == "--language" and index + 1 < len(words):
            return check_language(words[index + 1])
        if word.startswith("--language="):
            return check_language(word.partition("=")[2])
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def build_parser(reader: Reader | None = None) -> argparse.ArgumentParser:
    """The parser of the `muzlab` command and its subcommands, its messages for `reader` (None:
    English)."""
    reader = reader or Reader()
    parser = _Parser(prog="muzlab", description=reader.gettext("Muzundrum tools."), reader=reader)
    parser.add_argument("--language", choices=LANGUAGES, default=reader.language,
                        help=reader.gettext("the language of the messages (default: the environment's, "
                                            "LANG; else English)"))
    parser.set_defaults(reader=reader)
    commands = parser.add_subparsers(dest="command", required=True,
                                     parser_class=functools.partial(_Parser, reader=reader))
    p = commands.add_parser("perft", help=reader.gettext("legal-cell counts on seeded random positions, "
                                                         "and speed"))
    p.add_argument("--seed", type=_at_least(0, reader=reader), default=0,
                   help=reader.gettext("first playout seed"))
    p.add_argument("--games", type=_at_least(1, MAX_GAMES, reader), default=10,
                   help=reader.gettext("number of seeded playouts"))
    p.add_argument("--dice", type=_at_least(1, MAX_DICE, reader), default=21,
                   help=reader.gettext("dice per playout"))
    p.add_argument("--rules", default="basic", choices=["basic", "master"])
    p.add_argument("--board", default=None,
                   help=reader.gettext("shipped board name (default: the rules' board)"))
    p.add_argument("--show", action="store_true", help=reader.gettext("print the counts of every position"))
    p.add_argument("--check", metavar="FILE",
                   help=reader.gettext("compare against a golden file, exit 1 on mismatch"))
    p.set_defaults(run=_perft)
    _add_simulate(commands, reader)
    m = commands.add_parser("midi", help=reader.gettext(
        "save a game record (JSON) as a MIDI file: each placed die a note, each completion after it"))
    m.add_argument("record", metavar="RECORD.json", help=reader.gettext("the saved game record"))
    m.add_argument("--out", metavar="FILE.mid",
                   help=reader.gettext("the MIDI file to write (default: the record's name ending in .mid)"))
    m.add_argument("--force", action="store_true", help=reader.gettext("replace FILE.mid if it exists"))
    m.set_defaults(run=_midi)
    c = commands.add_parser(
        "class", help=reader.gettext("serve a class: every student's device at tables, and a teacher's "
                                     "page"))
    c.add_argument("folder", nargs="?", default="muzlab-class",
                   help=reader.gettext("the class folder: its roster, games and scores (default "
                                       "./muzlab-class)"))
    c.add_argument("--ip", default="127.0.0.1",
                   help=reader.gettext("address to listen on (0.0.0.0: the school network)"))
    c.add_argument("--port", type=_at_least(1, 65535, reader), default=None,
                   help=reader.gettext("port (default: the first free from 8870)"))
    c.add_argument("--no-browser", action="store_true", help=reader.gettext("do not open the teacher's page"))
    c.add_argument("--https", action="store_true",
                   help=reader.gettext("serve over https with the class folder's own certificate, so phones "
                                       "may use the microphone (each device trusts it once: "
                                       "docs/class/https.md)"))
    c.add_argument("--max-pages", type=_at_least(1, reader=reader), default=MAX_SESSIONS,
                   help=reader.gettext("students' pages open at once (default {count}); one more is told the "
                                       "class is full").format(count=MAX_SESSIONS))
    c.add_argument("--per-address", type=_at_least(1, reader=reader), default=None,
                   help=reader.gettext("pages and sockets one network address may hold at once (default: "
                                       "twice --max-pages, plus 10: a whole class behind one school router)"))
    c.add_argument("--waiting-per-address", type=_at_least(1, reader=reader), default=UNJOINED_PER_ADDRESS,
                   help=reader.gettext("students' pages not joined yet from one network address (default "
                                       "{count})").format(count=UNJOINED_PER_ADDRESS))
    c.add_argument("--site", default=None, help=reader.gettext(
        "the built homework edition whose lessons the teacher's page packs for the LMS (`muzlab lite "
        "FOLDER` builds one; default: this checkout's out/lite when it is built)"))
    c.set_defaults(run=_class)
    h = commands.add_parser(
        "lite", help=reader.gettext("build the homework edition: a static site whose lessons run in the "
                                    "browser"))
    h.add_argument("folder", nargs="?", default="muzlab-lite",
                   help=reader.gettext("the site's folder (default ./muzlab-lite; downloads are kept in "
                                       "FOLDER-build)"))
    h.set_defaults(run=_lite)
    lessons.add_commands(commands, reader)
    worksheet_commands.add_commands(commands, reader)
    bank_files.add_commands(commands, reader)
    scorm_command.add_commands(commands, reader)
    _in_language(parser, reader)
    return parser


def _add_simulate(commands: argparse._SubParsersAction, reader: Reader) -> None:
    """The `simulate` subcommand and its options, its help for `reader`."""
    s = commands.add_parser("simulate", help=reader.gettext("play many games between computer players; "
                                                            "summary and frames"))
    s.add_argument("--games", type=_at_least(1, MAX_GAMES, reader), default=1000,
                   help=reader.gettext("number of games"))
    s.add_argument("--agents", default="greedy,random",
                   help=reader.gettext("comma-separated agents, one per seat (random, greedy, expert)"))
    s.add_argument("--seed", type=_at_least(0, reader=reader), default=0,
                   help=reader.gettext("base seed (game i uses a seed derived from it)"))
    s.add_argument("--workers", type=_at_least(1, reader=reader), default=None,
                   help=reader.gettext("local processes (default: 1, or every core from {games} games); the "
                                       "frames do not depend on it").format(games=PARALLEL_FROM))
    s.add_argument("--scheduler", metavar="ADDRESS",
                   help=reader.gettext("play on the Dask cluster at ADDRESS (e.g. tcp://10.0.0.5:8786); "
                                       "needs muzlab[dask]"))
    s.add_argument("--chunk-size", type=_at_least(1, reader=reader), default=None,
                   help=reader.gettext("games per task and per part file (default: about four chunks per "
                                       "worker)"))
    s.add_argument("--retries", type=_at_least(0, reader=reader), default=2,
                   help=reader.gettext("re-runs of a chunk whose worker died or that failed, before the run "
                                       "stops"))
    s.add_argument("--dice", type=_at_least(1, MAX_DICE, reader), default=21,
                   help=reader.gettext("dice in the supply"))
    s.add_argument("--rules", default="basic", choices=["basic", "master"])
    s.add_argument("--alternate-seats", action="store_true",
                   help=reader.gettext("rotate the agents one seat per game"))
    s.add_argument("--out", metavar="FOLDER",
                   help=reader.gettext("write games.parquet and moves.parquet into FOLDER"))
    s.add_argument("--dataset", action="store_true",
                   help=reader.gettext("with --out: workers write FOLDER/games/ and FOLDER/moves/ as Parquet "
                                       "parts, one per chunk, for runs bigger than memory"))
    s.add_argument("--force", action="store_true", help=reader.gettext("replace an earlier run in --out"))
    s.add_argument("--quiet", action="store_true", help=reader.gettext("no progress bar"))
    s.add_argument("--engine", default="auto", choices=["auto", "fast", "pure"],
                   help=reader.gettext("fast: the compiled batch engine (muzlab[fast]); pure: the rules "
                                       "engine; auto (default): fast when installed. The frames are the "
                                       "same"))
    s.set_defaults(run=_simulate)


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; 2 and one line on stderr for bad arguments, 1 when a simulation failed, 130
    and one line on Ctrl-C; its messages in the command's language (`command_language`)."""
    try:
        reader = Reader(language=command_language(argv))
    except MuzlabError as error:
        print(f"muzlab: {error}", file=sys.stderr)
        return 2
    try:
        args = build_parser(reader).parse_args(_without_language(sys.argv[1:] if argv is None else argv))
        with warnings.catch_warnings():  # (which puts Python's own way of showing warnings back after)
            warnings.showwarning = functools.partial(_warned, warnings.showwarning, reader, args.command)
            return args.run(args)
    except KeyboardInterrupt:
        interrupted = reader.gettext("interrupted")
        print(f"muzlab{_named(argv)}: {interrupted}", file=sys.stderr)
        return 130
    except SimulationError as error:
        print(f"muzlab {args.command}: {error_words(error, reader)}", file=sys.stderr)
        return 1
    except MuzlabError as error:
        print(f"muzlab {args.command}: {error_words(error, reader)}", file=sys.stderr)
        return 2
    except OSError as error:
        what = f"{error.filename}: {error.strerror}" if error.filename and error.strerror else error
        print(f"muzlab {args.command}: {what}", file=sys.stderr)
        return 2


def _warned(show: Any, reader: Reader, command: str, message: Warning | str, *rest: Any, **more: Any) -> None:
    """Show a warning: muzlab's own in one line in the command's language ("muzlab simulate: numba's
    cache ... was compiled again"), any other as Python shows it (`show`)."""
    if isinstance(message, MuzlabError):
        print(f"muzlab {command}: {error_words(message, reader)}", file=sys.stderr)
    else:
        show(message, *rest, **more)


def _without_language(argv: list[str]) -> list[str]:
    """The arguments without `--language X` (read by `command_language`, before or after the command)."""
    kept, skip = [], False
    for word in argv:
        if skip:
            skip = False
        elif word == "--language":
            skip = True
        elif not word.startswith("--language="):
            kept.append(word)
    return kept


def _named(argv: list[str] | None) -> str:
    """" COMMAND" for a message, from the arguments (the parser may not have finished)."""
    words = [word for word in (sys.argv[1:] if argv is None else argv) if not word.startswith("-")]
    return f" {words[0]}" if words else ""


if __name__ == "__main__":
    sys.exit(main())
