"""The law engine: one mixin per law, composed into one experta engine.

Adding a chapter means adding its module here; the order of the mixins does
not matter (firing order comes from the patterns, see ``base.stratify``).
"""
from .base import Firing, LawEngineBase, law_rule, stratify
from .law44 import Law44
from .law61 import Law61
from .law62 import Law62
from .law63 import Law63
from .law64 import Law64
from .board_laws import BOARD_MIXINS

LAW_MIXINS = (Law44, Law61, Law62, Law63, Law64) + BOARD_MIXINS


class LawEngine(*LAW_MIXINS, LawEngineBase):
    """Every implemented law, composed."""


__all__ = ["LawEngine", "LawEngineBase", "Firing", "law_rule", "stratify", "LAW_MIXINS"]
