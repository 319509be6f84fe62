"""The staff stats dashboard, mounted at /staff/gold/ (kehr/urls.py)."""

from django.urls import path

from gold.views import actions, dashboard, downloads, ties

app_name = "gold"

urlpatterns = [
    path("", dashboard.index, name="index"),
    path("<slug:slug>/", dashboard.corpus_dashboard, name="corpus"),
    path("<slug:slug>/pages/", dashboard.page_status, name="pages"),
    path("<slug:slug>/annotators/", dashboard.annotators, name="annotators"),
    path("<slug:slug>/annotators/exclusion/", actions.exclusion, name="exclusion"),
    path("<slug:slug>/ties/", ties.tie_list, name="ties"),
    path("<slug:slug>/ties/<id:page_id>/", ties.tie_page, name="tie-page"),
    path("<slug:slug>/ties/<id:page_id>/decide/", ties.decide, name="decide"),
    path("<slug:slug>/merge/", actions.merge_now, name="merge"),
    path("<slug:slug>/recompute/", actions.recompute, name="recompute"),
    path("<slug:slug>/csv/<slug:name>.csv", downloads.table_csv, name="csv"),
    path("<slug:slug>/export/<slug:fmt>/", downloads.export_download, name="export"),
]
