"""Version 1 of Kuhn poker's wire messages (package kuhn_poker.v1): generated, do not edit.

Regenerate with ``python tests/kuhn_poker/generate.py``.
"""
