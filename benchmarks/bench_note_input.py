"""How well and how fast the note input decides sung and played notes: the widget's own detector (the
vendored pitchy and note_decider.js, run under node exactly as shipped) on the rendered test set
(note_input_set.py, data/note_input/recipe.json), against the same decider on a plain
autocorrelation (the naive reference) in the same run.

The set is rendered for each of the recipe's seeds: the tuning seeds (on which the decider's settings
were chosen) and the held-out seeds (measured only once they were), each half printed on its own.
Printed per half, range and babble level: % of notes decided, % decided as a wrong pitch class (the
first decision within the note counts: it is what fills a cell), the decision latency from the note's
audible onset and from its stable onset (when the clean note's pitch has been its own for `STEADY`
looks in a row: median, 90th percentile, % within 150 ms), decisions in the gaps between notes
(babble named: per minute of gaps), and the ms a frame costs. Targets (issue #59): at 10 dB, at least
95 % decided and at most 1 % wrong; decided within 150 ms of a stable onset.
Run: `.venv/bin/python benchmarks/bench_note_input.py` (`--quick`: the first seed of each half;
`--half tuning` or `--half held-out`: that half only, so the two can run side by side).
"""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from note_input_set import Track, recipe, tracks  # noqa: E402

from muzlab.widgets.note_input import detector_source  # noqa: E402

RUNNER = ROOT / "benchmarks" / "note_input_node.mjs"
METHODS = ("pitchy", "autocorrelation")
REFERENCE_AT = 10  # dB: the naive reference runs at the target's level only (it is slow)
TAIL = 0.15  # seconds after a note's end in which a decision still counts for it
STEADY = 3  # looks in a row at the clean note naming its pitch class: its pitch is steady


def run_node(jobs: list[dict], folder: Path) -> dict[str, dict]:
    """The detector's decisions on each job's sound, run by node on the shipped module."""
    detector = folder / "detector.mjs"
    detector.write_text(detector_source(), encoding="utf-8")
    listing = folder / "jobs.json"
    listing.write_text(json.dumps(jobs), encoding="utf-8")
    done = subprocess.run(["node", str(RUNNER), str(detector), str(listing)], check=True,
                          capture_output=True, text=True)
    return {result["id"]: result for result in json.loads(done.stdout)}


def stable_onsets(track: Track, looks: list[list[float]]) -> list[float | None]:
    """When each note's pitch is steady: the first of `STEADY` looks in a row at the clean note
    naming its own pitch class (clarity at least 0.6); None if it never is."""
    onsets = []
    for note in track.notes:
        inside = [look for look in looks if note.onset <= look[0] <= note.onset + note.seconds]
        own = [frequency > 0 and clarity >= 0.6 and pitch_class(frequency) == note.midi % 12
               for _time, frequency, clarity in inside]
        onsets.append(next((inside[i][0] for i in range(len(own) - STEADY + 1) if all(own[i:i + STEADY])),
                           None))
    return onsets


def pitch_class(frequency: float) -> int:
    return round(12 * math.log2(frequency / 440) + 69) % 12


def score(track: Track, decisions: list[list[float]], stable: list[float | None]) -> dict[str, list]:
    """Each note's outcome ("right", "wrong", "none"), latencies from its audible and its stable
    onset, and the decisions between notes."""
    outcomes, latencies, steady, spare = [], [], [], list(decisions)
    for note, onset, settled in zip(track.notes, track.onsets, stable, strict=True):
        inside = [d for d in spare if note.onset <= d[0] < note.onset + note.seconds + TAIL]
        spare = [d for d in spare if d not in inside]
        if not inside:
            outcomes.append("none")
            continue
        time, pitch, _clarity = inside[0]
        outcomes.append("right" if pitch == note.midi % 12 else "wrong")
        latencies.append(time - onset)
        if settled is not None:
            steady.append(time - settled)
    return {"outcomes": outcomes, "latencies": latencies, "steady": steady, "gap_decisions": [len(spare)]}


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f} %" if whole else "   –  "


def spread(values: list[float]) -> str:
    """Median / 90th percentile in ms and the share within 150 ms."""
    if not values:
        return "–"
    ordered = sorted(values)
    within = sum(value <= 0.15 for value in ordered) / len(ordered)
    return (f"{1000 * statistics.median(ordered):.0f}/{1000 * ordered[int(0.9 * (len(ordered) - 1))]:.0f} ms "
            f"{100 * within:3.0f}%")


def measure(settings: dict, seed: int, reference: bool, folder: Path) -> tuple[dict, dict, dict]:
    """One seed's set run through node: per (range, level, method) and per source the scores, the ms
    a frame of each method, and the seconds between notes."""
    rate = settings["sample_rate"]
    made = tracks(settings, seed)
    jobs, keys = [], {}
    for t, track in enumerate(made):
        for snr in settings["snr_db"]:
            ident = f"{t}:{snr}"
            path = folder / f"{seed}-{t}-{snr}.f32"
            track.mixed(snr, rate).tofile(path)
            methods = list(METHODS) if snr == REFERENCE_AT and reference else ["pitchy"]
            jobs.append({"id": ident, "path": str(path), "sample_rate": rate, "methods": methods,
                         "looks": snr is None})
            keys[ident] = (t, snr)
    results = run_node(jobs, folder)
    stable = {t: stable_onsets(track, results[f"{t}:None"]["pitchy"]["looks"])
              for t, track in enumerate(made)}
    table: dict[tuple, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    frame_ms: dict[str, list[float]] = defaultdict(list)
    gap_seconds: dict[tuple, float] = defaultdict(float)
    for ident, (t, snr) in keys.items():
        track = made[t]
        gaps = len(track.clean) / rate - sum(note.seconds + TAIL for note in track.notes)
        for method in METHODS:
            if method not in results[ident]:
                continue
            outcome = results[ident][method]
            if snr is not None:  # (the clean sound's job also looks at every hop: not the frame's cost)
                frame_ms[method].append(outcome["ms_per_frame"])
            for group in ((track.range_name, snr, method), (track.range_name, snr, method, track.source)):
                for name, values in score(track, outcome["decisions"], stable[t]).items():
                    table[group][name].extend(values)
                gap_seconds[group] += gaps
    return table, frame_ms, gap_seconds


def main() -> None:
    settings = recipe()
    halves = {name: settings["seeds"][name] for name in ("tuning", "held out")}
    if "--quick" in sys.argv:
        halves = {name: seeds[:1] for name, seeds in halves.items()}
    if "--half" in sys.argv:
        chosen = sys.argv[sys.argv.index("--half") + 1].replace("-", " ")
        halves = {chosen: halves[chosen]}
    table: dict[tuple, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    frame_ms: dict[str, list[float]] = defaultdict(list)
    gap_seconds: dict[tuple, float] = defaultdict(float)
    first = next(iter(halves.values()))[0]
    with tempfile.TemporaryDirectory() as folder:
        for half, seeds in halves.items():
            for seed in seeds:
                print(f"rendering and hearing the set of seed {seed} ({half}, "
                      f"{settings['notes_per_source']} notes a source)...", flush=True)
                # the naive reference (slow) on the first seed only
                scores, costs, gaps = measure(settings, seed, seed == first, Path(folder))
                if seed == first:
                    reference = scores
                for group, row in scores.items():
                    for name, values in row.items():
                        table[(half, *group)][name].extend(values)
                    gap_seconds[(half, *group)] += gaps[group]
                for method, values in costs.items():
                    frame_ms[method].extend(values)
    print(f"\n{'seeds':9} {'range':16} {'babble':>7} {'method':15} {'notes':>5} {'decided':>8} {'wrong':>8} "
          f"{'from audible onset':>21} {'from stable onset':>21} {'gap names/min':>13}")
    for half in halves:
        for range_name in settings["ranges"]:
            for snr in settings["snr_db"]:
                for method in METHODS:
                    row = table.get((half, range_name, snr, method))
                    if row is None:
                        continue
                    outcomes = row["outcomes"]
                    decided = sum(o != "none" for o in outcomes)
                    per_minute = 60 * sum(row["gap_decisions"]) / gap_seconds[(half, range_name, snr, method)]
                    level = "none" if snr is None else f"{snr} dB"
                    wrong = percent(outcomes.count("wrong"), len(outcomes))
                    print(f"{half:9} {range_name:16} {level:>7} {method:15} {len(outcomes):5} "
                          f"{percent(decided, len(outcomes)):>8} {wrong:>8} "
                          f"{spread(row['latencies']):>21} {spread(row['steady']):>21} {per_minute:13.1f}")
    print(f"\nper source at {REFERENCE_AT} dB (pitchy, both halves): decided / wrong")
    sources: dict[tuple, list] = defaultdict(list)
    for (_half, range_name, snr, method, *source), row in table.items():
        if source and snr == REFERENCE_AT and method == "pitchy":
            sources[(range_name, source[0])].extend(row["outcomes"])
    for (range_name, source), outcomes in sorted(sources.items()):
        decided = sum(o != "none" for o in outcomes)
        print(f"  {range_name:16} {source:22} {percent(decided, len(outcomes))}"
              f" / {percent(outcomes.count('wrong'), len(outcomes))}")
    pitchy, naive = statistics.mean(frame_ms["pitchy"]), statistics.mean(frame_ms["autocorrelation"])
    print(f"\nms a frame (hop 512 samples at {settings['sample_rate']} Hz, quiet frames included): pitchy "
          f"{pitchy:.3f}, plain autocorrelation {naive:.3f}; ratio naive/pitchy {naive / pitchy:.1f}")
    for range_name in settings["ranges"]:
        theirs = reference[(range_name, REFERENCE_AT, "autocorrelation")]["outcomes"]
        ours = reference[(range_name, REFERENCE_AT, "pitchy")]["outcomes"]
        print(f"seed {first} at {REFERENCE_AT} dB, {range_name}: wrong pitch classes, "
              f"autocorrelation/pitchy: "
              f"{theirs.count('wrong')}/{ours.count('wrong')}; decided "
              f"{sum(o != 'none' for o in theirs)}/{sum(o != 'none' for o in ours)} of {len(ours)}")


if __name__ == "__main__":
    main()
