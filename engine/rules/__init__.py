"""The law engine: one mixin per law, composed into one experta engine.

Adding a chapter means adding its module here; the order of the mixins does
not matter (firing order comes from the patterns, see ``base.stratify``).
"""
from .base import Firing, LawEngineBase, law_rule, stratify
from .law44 import Law44
from .law47 import Law47
from .law48 import Law48
from .law49 import Law49
from .law50 import Law50
from .law51 import Law51
from .law52 import Law52
from .law53 import Law53
from .law57 import Law57
from .law58 import Law58
from .law59 import Law59
from .law60 import Law60
from .law61 import Law61
from .law62 import Law62
from .law63 import Law63
from .law64 import Law64
from .law65 import Law65, Law66
from .law67 import Law67
from .law68 import Law68
from .law69 import Law69
from .law70 import Law70
from .law71 import Law71
from .board_laws import BOARD_MIXINS

LAW_MIXINS = (Law44, Law47, Law48, Law49, Law50, Law51, Law52, Law53, Law57, Law58, Law59, Law60,
              Law61, Law62, Law63, Law64, Law65, Law66, Law67, Law68, Law69, Law70, Law71) + BOARD_MIXINS


class LawEngine(*LAW_MIXINS, LawEngineBase):
    """Every implemented law, composed."""


__all__ = ["LawEngine", "LawEngineBase", "Firing", "law_rule", "stratify", "LAW_MIXINS"]
