"""What the page's tests share: the served folders, headless Chromium (Debian's chromium and chromium-driver,
driven by selenium), and a few helpers for reading a screenshot.

``tests/conftest.py`` makes fixtures of these: ``server`` (the page served from a thread, one per test module,
from the module's ``SERVED`` folders) and ``browser`` (a fresh headless Chromium for each test, quit after it).
"""
from __future__ import annotations

import io
import os
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SERVED = [EXAMPLES, ROOT / "cases"]  # the folders served, in this order (a file's path starts with its index)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")


@contextmanager
def served(roots):
    """The page and its API served from a thread on a free loopback port: yields its base URL."""
    from engine.commands.web import serve_in_thread

    srv, _ = serve_in_thread(list(roots))
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


def new_driver(profile: Path):
    """Headless Chromium with its profile in ``profile``; skips the test, saying why, when it cannot be had."""
    if not (CHROMIUM and CHROMEDRIVER):
        pytest.skip("Chromium is not installed (Debian packages chromium and chromium-driver; .ci/run installs them)")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:  # pragma: no cover - selenium is in the test extras
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    os.environ.setdefault("SE_AVOID_STATS", "true")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1500,1100", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


def ink(png: bytes, box=None):
    """(share of non-background pixels, share of clearly red pixels, size) in a screenshot."""
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    if box:
        img = img.crop(box)
    raw = img.tobytes()
    pixels = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
    dark = sum(1 for r, g, b in pixels if r + g + b < 600)
    red = sum(1 for r, g, b in pixels if r > 150 and g < 90 and b < 90)
    return dark / len(pixels), red / len(pixels), img.size
