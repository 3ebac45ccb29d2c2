import sys
from pathlib import Path

import pytest

# Test helpers (reference_rules, class_devices, sight_play) are imported by name from this folder.
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def browser():
    """The system Chromium, launched by Playwright for one test (skipped where there is none)."""
    from playwright.sync_api import sync_playwright
    from test_browser import CHROMIUM_ARGS, chromium_path

    path = chromium_path()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def class_server(tmp_path):
    """`muzlab class` serving a new class in tmp_path/class, started; killed after the test."""
    from class_devices import ClassServer

    server = ClassServer(tmp_path / "class")
    server.start()
    try:
        yield server
    finally:
        server.kill()
