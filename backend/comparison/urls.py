"""Staff visual diffs, mounted at /staff/diff/ (kehr/urls.py)."""

from django.urls import path

from comparison import views

app_name = "comparison"

urlpatterns = [
    path("pages/<int:page_id>/", views.page_annotations, name="page"),
    path("pages/<int:page_id>/view/", views.diff, name="diff"),
]
