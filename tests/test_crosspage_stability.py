"""The stability run's refusals: pages it cannot map say why (no Firefox needed here;
the run on real visits is in tests/test_harvest_visits.py)."""

from __future__ import annotations

import io
import time

import numpy as np
import pytest
from django.core.management import CommandError, call_command
from PIL import Image

from comparison import sources
from comparison.sources import SourceError
from corpora.ingest import add_page
from corpora.models import Corpus
from crosspage.models import MethodRun, MethodVector, PageStability
from gold.exports.included import IncludeError, open_sources
from harvest.models import PageVisits, VisitCapture
from harvest.visits import store_png
from tests.stability_pages import AD, capture

HTML = b"<html><body><p>One paragraph of running text.</p><p>Another one.</p></body></html>"


def _png(image: np.ndarray) -> bytes:
    out = io.BytesIO()
    Image.fromarray(image).save(out, "PNG")
    return out.getvalue()


def _page(corpus, path: str):
    return add_page(corpus, HTML.decode(), url=f"http://example.org/{path}")


def _visits(page, images, *, layout=True):
    visits = PageVisits.objects.create(
        page=page,
        planned=len(images),
        viewport=[1920, 1080],
        layout={"rects": [[500, 120, 400, 20], [1510, 210, 100, 20]],
                "viewport": [1920, 1080], "document": [1920, 1080]} if layout else None,
    )  # fmt: skip
    for number, image in enumerate(images):
        VisitCapture.objects.create(visits=visits, number=number, sha256=store_png(_png(image)))
    return visits


@pytest.mark.django_db
def test_pages_the_method_cannot_map_are_unlabelled_with_the_reason():
    corpus = Corpus.objects.create(name="S", slug="s")
    none, one, two_layouts, mapped, no_layout = (_page(corpus, p) for p in "abcde")
    _visits(one, [capture(1)])
    _visits(two_layouts, [capture(1), capture(2, banner=True)])
    _visits(mapped, [capture(v) for v in range(4)])
    _visits(no_layout, [capture(v) for v in range(3)], layout=False)
    call_command("stability", "--corpus", "s", verbosity=0)

    reasons = dict(MethodVector.objects.filter(method="stability").values_list("page", "reason"))
    assert "harvest it with --visits" in reasons[none.pk]
    assert "1 visit(s) taken of 1 planned" in reasons[one.pk]
    assert "none seen twice" in reasons[two_layouts.pk]
    assert "no node rectangles" in reasons[no_layout.pk]
    assert reasons[mapped.pk] == ""
    assert list(sources.resolve(mapped, "stability").labels) == [3, 1]
    with pytest.raises(SourceError, match=r"left page .* unlabelled: no live visits"):
        sources.resolve(none, "stability")
    with pytest.raises(SourceError, match="takes no argument"):
        sources.resolve(mapped, "stability:x")
    # The maps that could be made are kept, with the layout that has no rectangles too.
    assert set(PageStability.objects.values_list("page", flat=True)) == {mapped.pk, no_layout.pk}


@pytest.mark.django_db
def test_a_missing_screenshot_file_is_a_reason_not_a_crash(settings):
    corpus = Corpus.objects.create(name="T", slug="t")
    page = _page(corpus, "x")
    visits = _visits(page, [capture(v) for v in range(3)])
    VisitCapture.objects.filter(visits=visits, number=1).update(sha256="0" * 64)
    call_command("stability", "--corpus", "t", verbosity=0)
    reason = MethodVector.objects.get(page=page, method="stability").reason
    assert "visit 1's screenshot" in reason and "unreadable" in reason


@pytest.mark.django_db
def test_exports_include_stability_and_refuse_what_is_not_there():
    corpus = Corpus.objects.create(name="U", slug="u")
    page = _page(corpus, "y")
    with pytest.raises(IncludeError, match=r"manage\.py stability --corpus u"):
        open_sources(corpus, ["stability"])
    _visits(page, [capture(v) for v in range(3)])
    call_command("stability", "--corpus", "u", verbosity=0)
    with pytest.raises(IncludeError, match="takes no argument"):
        open_sources(corpus, ["stability:x"])
    (opened,) = open_sources(corpus, ["stability"])
    assert opened.fetch([page.pk])[page.pk].labels == bytes([3, 1])
    with pytest.raises(CommandError, match="No corpus with slug 'nope'"):
        call_command("stability", "--corpus", "nope")


@pytest.mark.django_db(transaction=True)
def test_a_worker_runs_the_stability_method(celery_worker):
    corpus = Corpus.objects.create(name="W", slug="w")
    page = _page(corpus, "z")
    _visits(page, [capture(v) for v in range(3)])
    call_command("stability", "--corpus", "w", "--queue")
    deadline = time.monotonic() + 120
    run = MethodRun.objects.get(corpus=corpus)
    while run.state not in ("done", "failed") and time.monotonic() < deadline:
        time.sleep(0.3)
        run.refresh_from_db()
    assert run.state == "done", (run.message, celery_worker.log_text()[-3000:])
    assert sources.resolve(page, "stability").labels == bytes([3, 1])


@pytest.mark.django_db
def test_staff_see_the_mask_over_the_first_visit(client, make_user):
    corpus = Corpus.objects.create(name="V", slug="v")
    page, other = _page(corpus, "m"), _page(corpus, "n")
    _visits(page, [capture(v) for v in range(3)])
    call_command("stability", "--corpus", "v", verbosity=0)
    url = f"/staff/methods/stability/{page.pk}.png"
    assert client.get(url).status_code == 302  # to the login
    client.force_login(make_user("s", staff=True))
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    with Image.open(io.BytesIO(response.content)) as overlay:
        x, y, _, _ = AD
        pixel = overlay.getpixel((x + 50, y + 50))
        assert isinstance(pixel, tuple)  # an RGB image
        red, green, blue = pixel
        assert red > 110 and blue > 110 and green < 140  # tinted fuchsia: the ad moves
        assert overlay.getpixel((600, 30)) == (30, 60, 90)  # the header is untouched
    assert client.get(f"/staff/methods/stability/{other.pk}.png").status_code == 404
    assert client.get("/staff/methods/stability/999999.png").status_code == 404
    assert client.get("/staff/methods/stability/abc.png").status_code == 404


@pytest.mark.django_db
def test_the_diff_page_offers_and_shows_the_stability_source(client, make_user):
    corpus = Corpus.objects.create(name="D", slug="dd")
    page = _page(corpus, "d")
    _visits(page, [capture(v) for v in range(3)])
    call_command("stability", "--corpus", "dd", verbosity=0)
    # A second source of the same page to compare with: a classifier-free stand-in.
    MethodVector.objects.create(page=page, method="dbce", labels=bytes([3, 3]))
    client.force_login(make_user("st", staff=True))
    chooser = client.get(f"/staff/diff/pages/{page.pk}/").content.decode()
    assert '<option value="stability"' in chooser
    response = client.get(f"/staff/diff/pages/{page.pk}/view/?a=stability&b=dbce")
    assert response.status_code == 200
    assert "stability" in response.content.decode()
