"""croupier: write bots for Lexio and Cribbage, and the rules engines they play by."""

__version__ = "0.1.0"
