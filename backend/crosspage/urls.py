"""Staff pages of the unsupervised methods, mounted at /staff/methods/ (kehr/urls.py)."""

from django.urls import path

from crosspage import views

app_name = "crosspage"

urlpatterns = [
    path("stability/<id:page_id>.png", views.stability_overlay, name="stability-overlay"),
]
