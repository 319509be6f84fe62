"""Bulk annotator accounts from CSV: service, management command and admin page."""

from __future__ import annotations

import base64
import csv
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from accounts.services import (
    AccountImportError,
    RegistrationError,
    create_annotators_from_csv,
    credentials_csv,
    register_with_invitation,
)

User = get_user_model()

# Accounts are hashed here as in production: the tests check the algorithm, the iterations
# and what an import will cost (tests/conftest.py: the rest of the suite hashes with MD5).
pytestmark = pytest.mark.real_password_hashing

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
        ("username\nok\nbad name!\n", "line 3: username 'bad name!' is not valid: Enter a valid"),
        ("username\n" + "x" * 151 + "\n", "is longer than 150 characters"),
        ("username,password\nok,tulip garden 77\nmax,1\n", "line 3: the password of 'max'"),
        ("username,password\nmax,1\n", "too short"),
        ("username,password\nmax,12345678901\n", "entirely numeric"),
        ("username,password\nmaximilian,maximilian1\n", "too similar to the username"),
    ],
)
def test_bad_csv_imports_nothing_and_says_where(db, annotator, text, fragment):
    before = User.objects.count()
    with pytest.raises(AccountImportError) as error:
        create_annotators_from_csv(text)
    assert fragment in str(error.value)
    assert str(error.value).startswith("Nothing was imported.")
    assert User.objects.count() == before


def test_a_rejected_password_is_not_echoed(db):
    with pytest.raises(AccountImportError) as error:
        create_annotators_from_csv("username,password\nmax,1234\n")
    assert "1234" not in str(error.value)


def test_bad_username_and_password_on_one_line_are_both_reported(db):
    with pytest.raises(AccountImportError) as error:
        create_annotators_from_csv("username,password\nbad name!,1\n")
    assert "line 2: username 'bad name!' is not valid" in str(error.value)
    assert "line 2: the password of 'bad name!'" in str(error.value)


def test_command_prints_credentials(tmp_path, corpus, capsys):
    path = tmp_path / "class.csv"
    path.write_text(CLASS_CSV)
    call_command("create_annotators", str(path), corpus="test")
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["username"] for row in rows] == ["lena", "max"]
    assert User.objects.get(username="lena").check_password(rows[0]["password"])
    with pytest.raises(CommandError, match="No corpus with slug 'nope'"):
        call_command("create_annotators", str(path), corpus="nope")


def _download_link_csv(html: str) -> list[dict[str, str]]:
    match = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"', html)
    assert match, "the result page offers the credentials as a CSV download"
    return list(csv.DictReader(io.StringIO(base64.b64decode(match.group(1)).decode())))


def test_admin_upload_shows_the_credentials_once_with_a_csv_download(admin_client, corpus):
    upload = SimpleUploadedFile("class.csv", CLASS_CSV.encode(), content_type="text/csv")
    response = admin_client.post(
        "/admin/auth/user/import-annotators/", {"csv_file": upload, "corpus": corpus.pk}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Created 2 annotator accounts" in html
    rows = _download_link_csv(html)
    assert {row["username"] for row in rows} == {"lena", "max"}
    assert User.objects.get(username="lena").check_password(
        next(row["password"] for row in rows if row["username"] == "lena")
    )
    assert "given pw 123" in html  # the table on the page, for printing
    assert corpus.members.count() == 2


def test_import_message_is_singular_for_one_and_stays_on_its_own_page(admin_client, db):
    upload = SimpleUploadedFile("one.csv", b"username\nsolo\n", content_type="text/csv")
    response = admin_client.post("/admin/auth/user/import-annotators/", {"csv_file": upload})
    assert "Created 1 annotator account." in response.content.decode()
    # Nothing is left over to pop up on the next, unrelated admin page.
    later = admin_client.get("/admin/").content.decode()
    assert "Created 1" not in later


def test_command_says_account_in_the_singular(tmp_path, db, capsys):
    path = tmp_path / "one.csv"
    path.write_text("username\nsolo\n")
    call_command("create_annotators", str(path))
    assert "Created 1 account." in capsys.readouterr().err


def test_admin_upload_shows_errors(admin_client, db):
    upload = SimpleUploadedFile("class.csv", b"username\n\xff\xfe\n", content_type="text/csv")
    response = admin_client.post("/admin/auth/user/import-annotators/", {"csv_file": upload})
    assert response.status_code == 200
    assert "not UTF-8" in response.content.decode()


@pytest.mark.parametrize(
    ("username", "password", "field", "fragment"),
    [
        ("bad name!", "tulip garden 77", "username", "is not valid: Enter a valid username"),
        ("newbie", "1", "password", "too short"),
    ],
)
def test_registration_applies_the_same_validators(corpus, username, password, field, fragment):
    corpus.invitation_code = "class-2026"
    corpus.save()
    with pytest.raises(RegistrationError) as error:
        register_with_invitation(invitation_code="class-2026", username=username, password=password)
    assert error.value.field == field
    assert fragment in str(error.value)
    assert not User.objects.filter(username=username).exists()


@pytest.mark.parametrize(
    "password", ["=HYPERLINK(1) garden", "-tulip garden 77", "'quoted garden 7"]
)
def test_a_password_the_credentials_csv_would_alter_is_refused(db, password):
    with pytest.raises(AccountImportError) as error:
        create_annotators_from_csv(f"username,password\nmax,{password}\n")
    assert "line 2: the password of 'max' is not accepted: it begins with" in str(error.value)
    assert password not in str(error.value)


def test_credentials_csv_neutralises_formulas_and_keeps_passwords_exact(db):
    created = create_annotators_from_csv(
        "username,email,password\n-lena,=1+2@uni.example,tulip garden 77\n"
        + "".join(f"user{i},,\n" for i in range(40))
    )
    rows = list(csv.reader(io.StringIO(credentials_csv(created))))
    assert rows[1] == ["'-lena", "tulip garden 77", "'=1+2@uni.example"]
    # 40 generated passwords: none needs the spreadsheet guard, each is the real one.
    for (username, password, _email), account in zip(rows[2:], created[1:], strict=True):
        assert not password.startswith(("=", "+", "-", "@", "'"))
        assert User.objects.get(username=username).check_password(password)
        assert password == account.password


# --------------------------------------------------------------------------- bulk imports


def _iterations(encoded: str) -> int:
    algorithm, iterations, _salt, _hash = encoded.split("$")
    assert algorithm == "pbkdf2_sha256"
    return int(iterations)


def test_csv_problems_are_listed_in_line_order(db, annotator):
    """Issue 26, item 22: "already exists" is found after the other checks and was
    listed after them, whatever its line."""
    with pytest.raises(AccountImportError) as error:
        create_annotators_from_csv("username\nanna\nbad name!\nok\nanna2\nok\n")
    message = str(error.value)
    positions = [message.index(f"line {n}:") for n in (2, 3, 6)]
    assert positions == sorted(positions), message
    assert "line 2: username 'anna' already exists" in message


def test_generated_passwords_are_hashed_cheaper_and_upgraded_at_the_first_login(db, settings):
    """Issue 26, item 9: a generated password (72 random bits) is hashed with
    KEHR_GENERATED_PASSWORD_ITERATIONS; a given one at Django's full cost. Django
    re-hashes the generated one at the full cost when the annotator first logs in."""
    from django.contrib.auth.hashers import get_hasher
    from rest_framework.test import APIClient

    full = get_hasher("default").iterations
    settings.KEHR_GENERATED_PASSWORD_ITERATIONS = 12_345
    created = create_annotators_from_csv(CLASS_CSV)
    lena = User.objects.get(username="lena")
    assert _iterations(lena.password) == 12_345
    assert _iterations(User.objects.get(username="max").password) == full
    login = APIClient().post(
        "/api/auth/token/",
        {"username": "lena", "password": created[0].password},
        format="json",
    )
    assert login.status_code == 200, login.content
    lena.refresh_from_db()
    assert _iterations(lena.password) == full
    assert lena.check_password(created[0].password)


def test_the_admin_refuses_an_import_that_would_outlast_a_web_request(admin_client, settings):
    """Issue 26, item 9: 150 rows hashed one by one ran past the web server's timeout
    (a 500 after 31 s). The admin measures what hashing will cost first and refuses,
    with nothing created, when it exceeds KEHR_ADMIN_IMPORT_SECONDS (here made tiny)."""
    settings.KEHR_ADMIN_IMPORT_SECONDS = 0.001
    before = User.objects.count()
    rows = "".join(f"student{n},tulip garden {n}7\n" for n in range(6))
    upload = SimpleUploadedFile(
        "class.csv", f"username,password\n{rows}".encode(), content_type="text/csv"
    )
    response = admin_client.post("/admin/auth/user/import-annotators/", {"csv_file": upload})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was imported. 6 accounts need about" in html
    assert "manage.py create_annotators" in html
    assert User.objects.count() == before
    # The form says so before anyone uploads.
    settings.KEHR_ADMIN_IMPORT_SECONDS = 20
    form = admin_client.get("/admin/auth/user/import-annotators/").content.decode()
    assert "at most 20 s" in form and "create_annotators FILE.csv" in form


def test_the_command_reports_progress_and_creates_all_in_one_go(tmp_path, corpus, capsys):
    path = tmp_path / "class.csv"
    path.write_text("username\n" + "".join(f"s{n}\n" for n in range(300)))
    call_command("create_annotators", str(path), corpus="test")
    err = capsys.readouterr().err
    assert "Hashed 250 of 300 passwords." in err and "Hashed 300 of 300 passwords." in err
    assert User.objects.filter(username__startswith="s").count() == 300
    assert corpus.members.count() == 300


def test_hashes_come_back_in_order_from_the_pool(db):
    from django.contrib.auth.hashers import check_password

    from accounts.passwords import NewPassword, hash_passwords

    passwords = [NewPassword(f"pw number {n}", generated=n % 2 == 0) for n in range(6)]
    hashes = hash_passwords(passwords, workers=3)
    assert [check_password(p.text, h) for p, h in zip(passwords, hashes, strict=True)] == [True] * 6
