"""Placeholder: the tournaments pages, being written."""

from fastapi import APIRouter

router = APIRouter()
