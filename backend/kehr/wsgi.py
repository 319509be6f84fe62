"""WSGI entry point (gunicorn kehr.wsgi:application)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kehr.settings")
application = get_wsgi_application()
