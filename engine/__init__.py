"""bridge-td: rulings from the 1987 Laws of Duplicate Contract Bridge, with their reasons."""
from __future__ import annotations

import importlib.util
import sys


def lazy_module(name: str):
    """The module ``name``, executed on first use of one of its attributes (the standard LazyLoader).

    For a big module that most runs never touch (the play solver: only a
    claim or a concession needs it), so that a cold start does not pay for it.
    """
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)
    return module
