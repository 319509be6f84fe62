"""Staff tutorial scores, mounted at /staff/tutorial/ (kehr/urls.py)."""

from django.urls import path

from tutorial import views

app_name = "tutorial"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.scores, name="scores"),
    path("<slug:slug>/csv/<slug:name>.csv", views.table_csv, name="csv"),
]
