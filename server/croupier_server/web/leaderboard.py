"""Placeholder: the leaderboard pages, being written."""

from fastapi import APIRouter

router = APIRouter()
