"""croupier-server: the referee, tournament runner, dashboard and command line of croupier."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("croupier-server")
    """The installed version of croupier-server."""
except PackageNotFoundError:  # run from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
