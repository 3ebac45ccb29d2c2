"""The `muzlab` command: `muzlab perft` (rule counts and engine speed), `muzlab simulate` (games)."""

from __future__ import annotations

import argparse
import sys

from muzlab import perft
from muzlab.board import Board
from muzlab.rules import RuleSet


def _perft(args: argparse.Namespace) -> int:
    rules = RuleSet.named(args.rules)
    board = Board.named(args.board) if args.board else Board.named(rules.board_name_for(args.dice))
    if args.check:
        golden = perft.read_golden(args.check)
        from muzlab.position import Position

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="muzlab", description="Muzundrum tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("perft", help="legal-cell counts on seeded random positions, and speed")
    p.add_argument("--seed", type=int, default=0, help="first playout seed")
    p.add_argument("--games", type=int, default=10, help="number of seeded playouts")
    p.add_argument("--dice", type=int, default=21, help="dice per playout")
    p.add_argument("--rules", default="basic", choices=["basic", "master"])
    p.add_argument("--board", default=None, help="shipped board name (default: the rules' board)")
    p.add_argument("--show", action="store_true", help="print the counts of every position")
    p.add_argument("--check", metavar="FILE", help="compare against a golden file, exit 1 on mismatch")
    p.set_defaults(run=_perft)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
