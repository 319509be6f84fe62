"""Staff pages of the classifier models, mounted at /staff/models/ (kehr/urls.py)."""

from django.urls import path

from learning import views

app_name = "learning"

urlpatterns = [
    path("", views.index, name="index"),
    path("train/", views.train, name="train"),
    # Two segments: never taken for a model named "corpora" by <slug:name>/ below.
    path("corpora/<slug:corpus>/suggestions/", views.suggestion_bias, name="suggestions"),
    path("<slug:name>/", views.report, name="report"),
    path("<slug:name>/evaluate/", views.evaluate, name="evaluate"),
    path("<slug:name>/classify/", views.classify, name="classify"),
]
