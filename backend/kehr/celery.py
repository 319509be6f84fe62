"""The Celery application. Tasks live beside their domain (corpora/tasks.py, ...)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kehr.settings")

app = Celery("kehr")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
