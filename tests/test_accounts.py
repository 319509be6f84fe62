"""Bulk annotator accounts from CSV: service, management command and admin page."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from accounts.services import AccountImportError, create_annotators_from_csv

User = get_user_model()

CLASS_CSV = (
    "username,email,first_name,password\nlena,lena@uni.example,Lena,\nmax,,Max,given pw 123\n"
)


def test_csv_creates_accounts_with_generated_passwords(corpus):
    created = create_annotators_from_csv(CLASS_CSV, corpus)
    assert [a.username for a in created] == ["lena", "max"]
    lena = User.objects.get(username="lena")
    assert lena.check_password(created[0].password)
    assert len(created[0].password) >= 12
    assert User.objects.get(username="max").check_password("given pw 123")
    assert not lena.is_staff
    assert set(corpus.members.values_list("username", flat=True)) == {"lena", "max"}


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("name,email\nx,y\n", "header row with at least a 'username' column"),
        ("username,age\nx,3\n", "Unknown column(s) 'age'"),
        ("username\n", "no accounts"),
        ("username\nsam\nSam\n", "line 3: username 'Sam' appears twice"),
        ("username\n\nok\n,\n", "line 4: the username is empty"),
        ("username\nanna\nfresh\n", "line 2: username 'anna' already exists"),
    ],
)
def test_bad_csv_imports_nothing_and_says_where(db, annotator, text, fragment):
    before = User.objects.count()
    with pytest.raises(AccountImportError) as error:
        create_annotators_from_csv(text)
    assert fragment in str(error.value)
    assert str(error.value).startswith("Nothing was imported.")
    assert User.objects.count() == before


def test_command_prints_credentials(tmp_path, corpus, capsys):
    path = tmp_path / "class.csv"
    path.write_text(CLASS_CSV)
    call_command("create_annotators", str(path), corpus="test")
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["username"] for row in rows] == ["lena", "max"]
    assert User.objects.get(username="lena").check_password(rows[0]["password"])
    with pytest.raises(CommandError, match="No corpus with slug 'nope'"):
        call_command("create_annotators", str(path), corpus="nope")


def test_admin_upload_returns_credentials_csv(admin_client, corpus):
    upload = SimpleUploadedFile("class.csv", CLASS_CSV.encode(), content_type="text/csv")
    response = admin_client.post(
        "/admin/auth/user/import-annotators/", {"csv_file": upload, "corpus": corpus.pk}
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert {row["username"] for row in rows} == {"lena", "max"}
    assert corpus.members.count() == 2


def test_admin_upload_shows_errors(admin_client, db):
    upload = SimpleUploadedFile("class.csv", b"username\n\xff\xfe\n", content_type="text/csv")
    response = admin_client.post("/admin/auth/user/import-annotators/", {"csv_file": upload})
    assert response.status_code == 200
    assert "not UTF-8" in response.content.decode()
