"""Time this checkout's muzlab against an older one in the same run: shared by the speed benchmarks.

Machines here differ 2-4x from each other, so a speed target is a ratio measured in one run. A
benchmark names a function `f(payload) -> result` in its own script; `run_in(checkout, script, "f",
payload)` calls it in a child process whose `sys.path` starts with `checkout` (so `import muzlab`
finds that checkout's package) and returns its JSON result. `checkout_of(path, revision)` gives the
older checkout: `path` when given, else a git worktree of `revision` in the temp directory, made
once and reused (remove it with `git worktree remove PATH`).

Child mode (used by run_in): python baseline.py CHECKOUT SCRIPT FUNCTION < payload.json
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
#: The code before issue 16 (legality without strings): the default baseline of the benchmarks.
DEFAULT_REVISION = "ecc8355"


def moved(name: str, flat: str) -> Any:
    """A module by its path in the layer folders ("muzlab.rules.perft"), or by its flat path
    ("muzlab.perft") in a baseline checkout from before them: benchmark functions run on both."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return importlib.import_module(flat)


def checkout_of(path: str | None, revision: str = DEFAULT_REVISION) -> Path:
    """The baseline checkout: `path`, or a detached git worktree of `revision` made in the temp dir."""
    if path:
        found = Path(path).resolve()
        if not (found / "muzlab" / "__init__.py").is_file():
            raise SystemExit(f"--baseline {path}: no muzlab package there")
        return found
    commit = subprocess.run(["git", "-C", str(REPOSITORY), "rev-parse", "--short=12", revision],
                            check=True, capture_output=True, text=True).stdout.strip()
    target = Path(tempfile.gettempdir()) / f"muzlab-baseline-{commit}"
    if not (target / "muzlab" / "__init__.py").is_file():
        subprocess.run(["git", "-C", str(REPOSITORY), "worktree", "add", "--detach", str(target), commit],
                       check=True, capture_output=True, text=True)
    return target


def run_in(checkout: Path, script: Path, function: str, payload: Any) -> Any:
    """`function(payload)` from `script`, run in a child process on the muzlab of `checkout`."""
    done = subprocess.run([sys.executable, __file__, str(checkout), str(script), function],
                          input=json.dumps(payload), capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{function} on {checkout} failed:\n{done.stderr}")
    return json.loads(done.stdout.splitlines()[-1])


def _child(checkout: str, script: str, function: str) -> None:
    sys.path.insert(0, checkout)
    spec = importlib.util.spec_from_file_location("benchmark_under_test", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    import muzlab

    if not Path(muzlab.__file__).resolve().is_relative_to(Path(checkout).resolve()):
        raise SystemExit(f"muzlab came from {muzlab.__file__}, not from {checkout}")
    result = getattr(module, function)(json.loads(sys.stdin.read()))
    print(json.dumps(result))


if __name__ == "__main__":
    _child(*sys.argv[1:4])
