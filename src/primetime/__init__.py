"""primetime: rules engines for The Networks: Primetime and Prime Time."""

from primetime._build import check_compiled

__version__ = "0.1.0"

check_compiled()  # an optional compiled build (make fast) must match its sources
