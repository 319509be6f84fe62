"""Staff visual diffs, mounted at /staff/diff/ (kehr/urls.py)."""

from django.urls import path

from comparison import views

app_name = "comparison"

urlpatterns = [
    # Choose a corpus, then a page; the page's own view chooses the two sources.
    path("", views.index, name="index"),
    path("pages/<id:page_id>/", views.page_annotations, name="page"),
    path("pages/<id:page_id>/view/", views.diff, name="diff"),
]
