"""Placeholder: the games pages, being written."""

from fastapi import APIRouter

router = APIRouter()
