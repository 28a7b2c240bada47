"""The director's other calls: Laws 6-16, 72-75 and 78, one mixin per law.

Importing this module imports every board law: only what needs every law does
(``engine.rules.BOARD_MIXINS``, ``CoreLawEngine``, ``LawEngine``); a ruling
imports just the rule modules its case can reach (``engine.rules.engine_for``).
Add a board law's mixin here, then regenerate the rules' index
(``python -m engine.rules.indexer --write``).
"""
from engine.rules.law06 import Law06
from engine.rules.law07 import Law07
from engine.rules.law09 import Law09
from engine.rules.law10 import Law10
from engine.rules.law11 import Law11
from engine.rules.law12 import Law12
from engine.rules.law13 import Law13
from engine.rules.law14 import Law14
from engine.rules.law15 import Law15
from engine.rules.law16 import Law16
from engine.rules.law72 import Law72
from engine.rules.law73 import Law73
from engine.rules.law75 import Law75
from engine.rules.law78 import Law78

BOARD_MIXINS = (Law06, Law07, Law09, Law10, Law11, Law12, Law13, Law14, Law15, Law16, Law72, Law73, Law75, Law78)
