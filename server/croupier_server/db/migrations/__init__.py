"""croupier's schema migrations, run by Alembic when a database is opened.

``versions/`` holds one revision a schema change, numbered in order: ``0001`` is the
baseline, the schema of the last release without migrations (:mod:`.baseline`). Revisions
only go forward: a database is never downgraded, and one newer than this croupier is
refused (see :mod:`croupier_server.db.schema`). ``env.py`` is how Alembic runs them, on the
connection croupier opened; ``alembic.ini`` is for writing a new revision.
"""
