"""``python -m croupier.bot_cli``: the same as ``croupier-bot``."""

from croupier.bot_cli import main

if __name__ == "__main__":
    raise SystemExit(main())
