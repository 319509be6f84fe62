"""manage.py create_staff_groups: the suggested groups of staff permissions (docs/admin-guide.md).

Creates "Researchers", "Annotation supervisors" and "Corpus managers" with the
permissions kehr.staff_permissions.GROUPS gives them. An existing group of that name
gets the missing permissions added; permissions an administrator gave it besides are
kept, so running the command again (after an upgrade adds a staff page) loses nothing.
"""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from kehr.staff_permissions import GROUPS


def permission(name: str) -> Permission:
    app_label, _, codename = name.partition(".")
    found = Permission.objects.filter(content_type__app_label=app_label, codename=codename)
    if not found.exists():
        # Django creates permissions after `migrate`; a missing one means it has not run.
        raise CommandError(f"No permission {name}: run `manage.py migrate` first, then again.")
    return found.get()


class Command(BaseCommand):
    help = "Create the suggested staff groups with their permissions (docs/admin-guide.md)."

    def handle(self, *args, **options) -> None:
        with transaction.atomic():
            for name, names in GROUPS.items():
                group, created = Group.objects.get_or_create(name=name)
                wanted = [permission(each) for each in names]
                had = set(group.permissions.values_list("pk", flat=True))
                group.permissions.add(*wanted)
                added = sum(1 for each in wanted if each.pk not in had)
                state = "created" if created else f"exists, {added} permissions added"
                self.stdout.write(f"{name}: {state}; {len(wanted)} staff permissions.")
        self.stdout.write("Add staff accounts to these groups at /admin/auth/user/.")
