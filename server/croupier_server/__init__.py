"""croupier-server: the referee, tournament runner and command line of croupier."""

__version__ = "0.1.0"
