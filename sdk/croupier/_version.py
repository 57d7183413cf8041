"""The version of the croupier SDK, as installed (``croupier.__version__`` is the public name)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("croupier")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
