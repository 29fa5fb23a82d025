"""primetime: rules engines for The Networks: Primetime and Prime Time."""

__version__ = "0.1.0"
