"""The compiled search core (engine/mechanics/solver/_csearch.c); the package's metadata is in setup.cfg.

Building it needs a C compiler (gcc) and the Python development headers (Python.h: Debian's python3-dev).
Where either is missing the install stops with a short message saying so, not a compiler traceback.
"""
from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NEEDED = ("building bridge-td's compiled search core (engine/mechanics/solver/_csearch.c) needs a C compiler "
          "and the Python development headers: install gcc and the headers for this Python "
          "(Debian/Ubuntu: apt-get install gcc python3-dev), then run the install again")


class BuildExt(build_ext):
    """build_ext that turns a missing compiler or missing Python headers into one clear error."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # distutils' PlatformError / CompileError / LinkError, or an OSError
            raise SystemExit(f"error: {NEEDED}\n  (the compiler said: {_short(exc)})") from None

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # CompileError (no Python.h, no gcc), LinkError
            raise SystemExit(f"error: {NEEDED}\n  (the compiler said: {_short(exc)})") from None


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[-1] if text else type(exc).__name__


setup(
    ext_modules=[
        Extension(
            "engine.mechanics.solver._csearch",
            sources=["engine/mechanics/solver/_csearch.c"],
            extra_compile_args=[] if sys.platform == "win32" else ["-O2", "-std=c99", "-Wall"],
        )
    ],
    cmdclass={"build_ext": BuildExt},
)
