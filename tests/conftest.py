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
