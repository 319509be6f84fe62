"""Kehr: a platform for cleaning web pages into text corpora."""

from kehr.celery import app as celery_app

__all__ = ["celery_app"]
__version__ = "0.1.0"
