"""The version of the croupier SDK."""

__version__ = "0.1.0"
