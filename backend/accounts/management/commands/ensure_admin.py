"""Create the admin account on first run and print its credentials."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create the staff admin account if it does not exist; print its credentials."

    def handle(self, *args, **options):
        User = get_user_model()
        username = settings.KEHR_ADMIN_USERNAME
        credentials_file = settings.VAR_DIR / "admin-credentials.txt"
        if User.objects.filter(username=username).exists():
            if credentials_file.exists():
                self.stdout.write(credentials_file.read_text().strip())
            else:
                self.stdout.write(f"Admin account '{username}' exists (password unchanged).")
            return
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser(username=username, email="", password=password)
        text = f"Admin login: username={username} password={password}"
        credentials_file.write_text(text + "\n")
        credentials_file.chmod(0o600)
        self.stdout.write(self.style.SUCCESS(text))
