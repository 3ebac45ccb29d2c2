"""`python3 make.py lite`: build the homework edition of this checkout in out/lite/ (the build itself is
muzlab.app.lite.build, which `muzlab lite FOLDER` runs from an installed package)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from muzlab.app.lite.build import main  # noqa: E402 - this checkout's muzlab

if __name__ == "__main__":
    main()
