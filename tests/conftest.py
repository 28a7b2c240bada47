import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


import pytest  # noqa: E402
from click.testing import CliRunner  # noqa: E402


@pytest.fixture
def runner():
    """A CLI runner keeping stdout and stderr apart (on every click version)."""
    return CliRunner(mix_stderr=False) if "mix_stderr" in CliRunner.__init__.__code__.co_varnames else CliRunner()


@pytest.fixture(scope="session", autouse=True)
def _cache_in_a_temporary_folder(tmp_path_factory):
    """`laws` remembers rulings in a cache: keep the tests' cache out of the user's home."""
    import os

    before = os.environ.get("BRIDGE_TD_CACHE")
    if os.environ.get("PYTEST_XDIST_WORKER"):  # one cache for the run's workers (each writes it whole, atomically)
        shared = tmp_path_factory.getbasetemp().parent / "bridge-td-cache"
        shared.mkdir(exist_ok=True)
        os.environ["BRIDGE_TD_CACHE"] = str(shared)
    else:
        os.environ["BRIDGE_TD_CACHE"] = str(tmp_path_factory.mktemp("bridge-td-cache"))
    yield
    if before is None:
        os.environ.pop("BRIDGE_TD_CACHE", None)
    else:
        os.environ["BRIDGE_TD_CACHE"] = before


@pytest.fixture(scope="module")
def server(request):
    """The page served from a thread for this test module, from the module's ``SERVED`` folders (by default the
    examples, then the casebook): its base URL."""
    from webpage import SERVED, served

    with served(getattr(request.module, "SERVED", SERVED)) as url:
        yield url


@pytest.fixture
def browser(tmp_path):
    """A fresh headless Chromium for one test (skipped, saying why, without Chromium), quit after the test."""
    from webpage import new_driver

    driver = new_driver(tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()
