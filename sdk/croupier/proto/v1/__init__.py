"""Version 1 of the wire contract (package croupier.proto.v1), generated: do not edit.

Regenerate with ``python proto/generate.py``; convert with :mod:`croupier.codec`.
"""
