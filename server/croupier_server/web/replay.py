"""Placeholder: the replay pages, being written."""

from fastapi import APIRouter

router = APIRouter()
