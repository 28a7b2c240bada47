"""The director's other calls: Laws 6-16, 72-75 and 78, one mixin per law."""
from .law06 import Law06
from .law07 import Law07
from .law09 import Law09
from .law10 import Law10
from .law11 import Law11
from .law12 import Law12
from .law13 import Law13
from .law14 import Law14
from .law15 import Law15
from .law16 import Law16
from .law72 import Law72
from .law73 import Law73
from .law75 import Law75
from .law78 import Law78

BOARD_MIXINS = (Law06, Law07, Law09, Law10, Law11, Law12, Law13, Law14, Law15, Law16, Law72, Law73, Law75, Law78)
