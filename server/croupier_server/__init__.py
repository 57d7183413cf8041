"""croupier-server: the referee, tournament runner, dashboard and command line of croupier.

``croupier_server.__version__`` is the installed version. It is read on first use: this
initialiser runs before every sealed bot (its confinement is a module of this package),
which should not pay for reading the installed distributions.
"""

__all__ = ["__version__"]


def __getattr__(name: str) -> str:
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415

    try:
        return version("croupier-server")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return "0+unknown"
