import sys
from pathlib import Path

# Test helpers (reference_rules) are imported by name from this folder.
sys.path.insert(0, str(Path(__file__).parent))
