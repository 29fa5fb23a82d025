"""The Networks: Primetime (1-5 players, solo mode, Classic Turns variant)."""
