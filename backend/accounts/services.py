"""Creating annotator accounts: in bulk from a CSV (a class of students) or by invitation."""

from __future__ import annotations

import csv
import io
import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from corpora.models import Corpus
from kehr import safe_csv

KNOWN_COLUMNS = ("username", "email", "first_name", "last_name", "password")


class AccountImportError(ValueError):
    """The CSV cannot be imported; the message lists every problem with its line number."""


class RegistrationError(ValueError):
    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class CreatedAccount:
    username: str
    password: str
    email: str


def username_problem(username: str) -> str | None:
    """Why Django's own rules refuse this username (what the admin's user form checks), or None."""
    User = get_user_model()
    # A concrete field (CharField); get_field's declared type also covers relations.
    max_length = getattr(User._meta.get_field(User.USERNAME_FIELD), "max_length", None)
    if max_length and len(username) > max_length:
        return f"longer than {max_length} characters"
    try:
        User.username_validator(username)
    except ValidationError as error:
        return "not valid: " + " ".join(error.messages)
    return None


def password_problem(password: str, user) -> str | None:
    """Why AUTH_PASSWORD_VALIDATORS refuse this password for this (unsaved) user, or None."""
    try:
        validate_password(password, user)
    except ValidationError as error:
        return " ".join(error.messages)
    return None


def _generated_password() -> str:
    # Readable enough to hand out on paper; 12 chars of url-safe base64 ≈ 72 bits.
    # Drawn again when it begins with "-": the credentials CSV would have to prefix it
    # with an apostrophe (safe_csv) and the annotator would be handed a wrong password.
    while True:
        password = secrets.token_urlsafe(9)
        if not password.startswith(safe_csv.FORMULA_TRIGGERS):
            return password


def spreadsheet_problem(password: str) -> str | None:
    """Why a given password cannot go into the credentials CSV unchanged, or None.

    The credentials file is opened in spreadsheets, so safe_csv puts an apostrophe in
    front of a cell that begins like a formula; a password shown that way would be
    handed out wrongly. Such passwords are refused at import instead.
    """
    if password.startswith((*safe_csv.FORMULA_TRIGGERS, safe_csv.ESCAPE)):
        return (
            "it begins with a character spreadsheets read as a formula or a text marker "
            "(= + - @ ' or a tab): choose one that begins with a letter or digit"
        )
    return None


def create_annotators_from_csv(text: str, corpus: Corpus | None = None) -> list[CreatedAccount]:
    """Create every account of the CSV, or none: problems are collected and raised together."""
    User = get_user_model()
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    if reader.fieldnames is None or "username" not in [f.strip() for f in reader.fieldnames]:
        raise AccountImportError(
            "Nothing was imported. The CSV needs a header row with at least a 'username' column "
            f"(known columns: {', '.join(KNOWN_COLUMNS)})."
        )
    unknown = [f for f in reader.fieldnames if f.strip() not in KNOWN_COLUMNS]
    if unknown:
        raise AccountImportError(
            f"Nothing was imported. Unknown column(s) {', '.join(map(repr, unknown))}; "
            f"known columns: {', '.join(KNOWN_COLUMNS)}."
        )
    rows = []
    problems: list[str] = []
    seen: set[str] = set()
    for raw in reader:
        line_number = reader.line_num  # physical line, so blank lines count as in an editor
        row = {key.strip(): (value or "").strip() for key, value in raw.items() if key}
        username = row.get("username", "")
        if not username:
            problems.append(f"line {line_number}: the username is empty")
            continue
        problem = username_problem(username)
        if problem is not None:
            problems.append(f"line {line_number}: username {username!r} is {problem}")
        elif username.lower() in seen:
            problems.append(f"line {line_number}: username {username!r} appears twice")
            continue
        seen.add(username.lower())
        password = row.get("password", "")
        if password:
            # The candidate carries the row's names, so "too similar to the username" works.
            candidate = User(
                username=username,
                email=row.get("email", ""),
                first_name=row.get("first_name", ""),
                last_name=row.get("last_name", ""),
            )
            problem = spreadsheet_problem(password) or password_problem(password, candidate)
            if problem is not None:
                # Never echo the password: the error may end up in a shared screen or a log.
                problems.append(
                    f"line {line_number}: the password of {username!r} is not accepted: {problem}"
                )
        else:
            password = _generated_password()
        rows.append((line_number, username, row.get("email", ""), row, password))
    existing = set(
        User.objects.filter(username__in=[r[1] for r in rows]).values_list("username", flat=True)
    )
    for line_number, username, *_ in rows:
        if username in existing:
            problems.append(f"line {line_number}: username {username!r} already exists")
    if not rows and not problems:
        problems.append("the CSV has no accounts (only a header row)")
    if problems:
        raise AccountImportError("Nothing was imported. " + "; ".join(problems) + ".")
    created = []
    with transaction.atomic():
        for _line, username, email, row, password in rows:
            user = User.objects.create_user(
                username=username,
                email=email,
                password=password,
                first_name=row.get("first_name", ""),
                last_name=row.get("last_name", ""),
            )
            if corpus is not None:
                corpus.members.add(user)
            created.append(CreatedAccount(username, password, email))
    return created


def credentials_csv(accounts: list[CreatedAccount]) -> str:
    """The usernames and passwords to hand out, safe to open in a spreadsheet (safe_csv).

    Passwords never need the apostrophe (generated ones are drawn again, given ones are
    refused at import); a username or email beginning with "-", "+" or "@" gets one.
    """
    out = io.StringIO()
    writer = safe_csv.writer(out)
    writer.writerow(["username", "password", "email"])
    for account in accounts:
        writer.writerow([account.username, account.password, account.email])
    return out.getvalue()


def register_with_invitation(
    *, invitation_code: str, username: str, password: str, email: str = ""
):
    """Self-registration for a corpus opened with an invitation code."""
    User = get_user_model()
    corpus = (
        Corpus.objects.filter(invitation_code=invitation_code).exclude(invitation_code="").first()
        if invitation_code
        else None
    )
    if corpus is None or not corpus.is_open:
        raise RegistrationError(
            "invitation_code", "This invitation code is not valid (or its corpus is closed)."
        )
    problem = username_problem(username)
    if problem is not None:
        raise RegistrationError("username", f"The username {username!r} is {problem}")
    if User.objects.filter(username__iexact=username).exists():
        raise RegistrationError("username", f"The username {username!r} is taken.")
    problem = password_problem(password, User(username=username, email=email))
    if problem is not None:
        raise RegistrationError("password", problem)
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, email=email, password=password)
            corpus.members.add(user)
    except IntegrityError:
        raise RegistrationError("username", f"The username {username!r} is taken.") from None
    return user, corpus
