"""Tournaments: their formats, the runner that plays them, the sequential match of two bots.

Import the modules themselves: this package initialiser stays empty, so the dashboard may
import a format without loading the runner, and with it the referee.
"""
