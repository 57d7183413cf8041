"""Placeholder: the bots pages, being written."""

from fastapi import APIRouter

router = APIRouter()
