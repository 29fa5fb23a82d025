"""primetime: rules engines for The Networks: Primetime and Prime Time."""

from primetime._build import select_build

__version__ = "0.1.0"

select_build()  # a compiled build in place runs only if it matches its sources
