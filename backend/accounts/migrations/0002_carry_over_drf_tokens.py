"""Carry every Django REST framework token over to ClientToken, so the upgrade logs nobody out.

The old one-token-per-user table is emptied afterwards: a token lives in one place only.
Going back restores each user's newest client token as their single DRF token.
"""

from django.db import migrations

CARRIED_OVER_NAME = "Signed in before per-client tokens"


def carry_over(apps, schema_editor):
    Token = apps.get_model("authtoken", "Token")
    ClientToken = apps.get_model("accounts", "ClientToken")
    # Keys already carried (migrated back to 0001 and forward again) are not copied twice.
    present = set(ClientToken.objects.values_list("key", flat=True))
    ClientToken.objects.bulk_create(
        [
            ClientToken(
                key=token.key,
                user_id=token.user_id,
                client_name=CARRIED_OVER_NAME,
                created=token.created,
            )
            for token in Token.objects.exclude(key__in=present)
        ],
        batch_size=1000,
    )
    Token.objects.all().delete()


def carry_back(apps, schema_editor):
    Token = apps.get_model("authtoken", "Token")
    ClientToken = apps.get_model("accounts", "ClientToken")
    newest = {}
    for token in ClientToken.objects.order_by("created", "id"):
        newest[token.user_id] = token
    users_with_one = set(Token.objects.values_list("user_id", flat=True))
    for user_id in users_with_one:
        newest.pop(user_id, None)
    Token.objects.bulk_create(
        [Token(key=t.key, user_id=t.user_id, created=t.created) for t in newest.values()],
        batch_size=1000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_client_tokens"),
        ("authtoken", "0004_alter_tokenproxy_options"),
    ]

    operations = [migrations.RunPython(carry_over, carry_back)]
