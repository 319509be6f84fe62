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

from accounts.passwords import NewPassword, TooSlowForTheWeb, hash_passwords
from corpora.models import Corpus
from kehr import safe_csv
from kehr.progress import Progress

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


def create_annotators_from_csv(
    text: str,
    corpus: Corpus | None = None,
    *,
    deadline_seconds: float | None = None,
    progress: Progress | None = None,
) -> list[CreatedAccount]:
    """Create every account of the CSV, or none: problems are collected and raised together.

    Passwords are hashed first, on every core (accounts.passwords), then every account
    is written in one transaction. ``deadline_seconds`` (the admin page) refuses a CSV
    whose hashing would outlast a web request, before anything is written.
    """
    rows = _checked_rows(text)
    User = get_user_model()
    try:
        hashes = hash_passwords(
            [NewPassword(row.password, row.generated) for row in rows],
            deadline_seconds=deadline_seconds,
            progress=progress,
        )
    except TooSlowForTheWeb as error:
        given = sum(not row.generated for row in rows)
        raise AccountImportError(
            f"Nothing was imported. {len(rows)} accounts need {error} — more than a web "
            "request may take. Run `python manage.py create_annotators FILE.csv "
            "[--corpus SLUG]` on the server, which has no such limit, or split the CSV"
            + (
                f"; its {given} given passwords are hashed at the full cost, generated ones "
                "(an empty password column) about ten times faster"
                if given
                else ""
            )
            + "."
        ) from None
    users = [
        User(
            username=row.username,
            email=row.email,
            first_name=row.first_name,
            last_name=row.last_name,
            password=encoded,
        )
        for row, encoded in zip(rows, hashes, strict=True)
    ]
    try:
        with transaction.atomic():
            # One INSERT for all (the primary keys come back on PostgreSQL and SQLite).
            users = User.objects.bulk_create(users)
            if corpus is not None:
                corpus.members.add(*users)
    except IntegrityError:
        raise AccountImportError(
            "Nothing was imported. One of the usernames was taken while the accounts were "
            "being created (someone else created it meanwhile); import the CSV again."
        ) from None
    return [CreatedAccount(row.username, row.password, row.email) for row in rows]


@dataclass(frozen=True)
class _Row:
    line: int
    username: str
    email: str
    first_name: str
    last_name: str
    password: str
    generated: bool


def _checked_rows(text: str) -> list[_Row]:
    """The CSV's accounts, checked; AccountImportError lists every problem in line order."""
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
    rows: list[_Row] = []
    problems: list[tuple[int, str]] = []
    seen: set[str] = set()
    for raw in reader:
        line_number = reader.line_num  # physical line, so blank lines count as in an editor
        row = {key.strip(): (value or "").strip() for key, value in raw.items() if key}
        # As create_user stores them (NFKC username, lower-cased email domain).
        username = User.normalize_username(row.get("username", ""))
        if not username:
            problems.append((line_number, "the username is empty"))
            continue
        problem = username_problem(username)
        if problem is not None:
            problems.append((line_number, f"username {username!r} is {problem}"))
        elif username.lower() in seen:
            problems.append((line_number, f"username {username!r} appears twice"))
            continue
        seen.add(username.lower())
        email = User.objects.normalize_email(row.get("email", ""))
        password = row.get("password", "")
        if password:
            # The candidate carries the row's names, so "too similar to the username" works.
            candidate = User(
                username=username,
                email=email,
                first_name=row.get("first_name", ""),
                last_name=row.get("last_name", ""),
            )
            problem = spreadsheet_problem(password) or password_problem(password, candidate)
            if problem is not None:
                # Never echo the password: the error may end up in a shared screen or a log.
                problems.append(
                    (line_number, f"the password of {username!r} is not accepted: {problem}")
                )
        rows.append(
            _Row(
                line=line_number,
                username=username,
                email=email,
                first_name=row.get("first_name", ""),
                last_name=row.get("last_name", ""),
                password=password or _generated_password(),
                generated=not password,
            )
        )
    existing = set(
        User.objects.filter(username__in=[r.username for r in rows]).values_list(
            "username", flat=True
        )
    )
    for checked in rows:
        if checked.username in existing:
            problems.append((checked.line, f"username {checked.username!r} already exists"))
    if not rows and not problems:
        raise AccountImportError(
            "Nothing was imported. The CSV has no accounts (only a header row)."
        )
    if problems:
        # Sorted (stably): the "already exists" ones are found last, after the loop.
        problems.sort(key=lambda problem: problem[0])
        listed = "; ".join(f"line {line}: {message}" for line, message in problems)
        raise AccountImportError(f"Nothing was imported. {listed}.")
    return rows


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
