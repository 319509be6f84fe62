"""Odd names, ids and parameters against every learning page and endpoint: never a 500."""

from __future__ import annotations

import pytest
from django.test import Client

ODD = ["x" * 300, "%00", "..%2F..", "ü", "a b", "-", "_", "0", "99999999999999999999999", "'"]


@pytest.mark.django_db
@pytest.mark.parametrize("odd", ODD)
def test_odd_input_is_a_client_error_never_a_server_error(staff, odd: str) -> None:
    client = Client(raise_request_exception=False)
    client.force_login(staff)
    urls = [
        f"/staff/models/{odd}/",
        f"/staff/models/{odd}/evaluate/",
        f"/staff/models/{odd}/classify/",
        f"/staff/models/?page={odd}",
        f"/staff/diff/pages/1/view/?a=classifier:{odd}&b=gold",
        f"/staff/gold/{odd}/export/jsonl/?include=classifier:{odd}",
        f"/api/pages/{odd}/predictions/",
        f"/api/pages/1/predictions/?model={odd}",
    ]
    for url in urls:
        for method in (client.get, client.post):
            response = method(url)
            assert response.status_code < 500, (method.__name__, url, response.status_code)
    form = {"corpus": odd, "name": odd, "groups": [odd], "rounds": odd}
    assert client.post("/staff/models/train/", form).status_code < 500
