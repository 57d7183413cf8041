"""Tournaments whose games a job queue (procrastinate, on PostgreSQL) hands to workers."""
