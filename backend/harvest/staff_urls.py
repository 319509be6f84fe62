"""Staff pages of the harvester, mounted at /staff/harvest/ (kehr/urls.py)."""

from django.urls import path

from harvest import views

app_name = "harvest"

urlpatterns = [
    path("images/<str:folder>/<str:sha256>.png", views.image, name="image"),
]
