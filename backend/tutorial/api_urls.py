"""Tutorial API routes, mounted under /api/ (kehr/urls.py)."""

from django.urls import path

from tutorial import api

urlpatterns = [
    path("tutorials/", api.TutorialListView.as_view(), name="tutorial-list"),
    path("tutorials/<slug:slug>/", api.TutorialDetailView.as_view(), name="tutorial-detail"),
    path(
        "tutorials/<slug:slug>/steps/<int:position>/result/",
        api.TutorialStepResultView.as_view(),
        name="tutorial-step-result",
    ),
    path(
        "submissions/<id:pk>/reference/",
        api.SubmissionReferenceView.as_view(),
        name="submission-reference",
    ),
]
