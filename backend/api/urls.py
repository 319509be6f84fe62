from django.urls import include, path

from api.views.auth import ClientTokenViewSet, RegisterView, TokenView
from api.views.corpora import CorpusViewSet
from api.views.pages import PageViewSet
from api.views.submissions import MyStatsView, SubmissionViewSet
from kehr.routers import IdRouter
from learning.api import PredictionsView, SuggestionsView

router = IdRouter()
router.register("auth/tokens", ClientTokenViewSet, basename="auth-tokens")
router.register("corpora", CorpusViewSet, basename="corpus")
router.register("pages", PageViewSet, basename="page")
router.register("submissions", SubmissionViewSet, basename="submission")

urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="auth-token"),
    path("auth/register/", RegisterView.as_view(), name="auth-register"),
    path("me/stats/", MyStatsView.as_view(), name="my-stats"),
    path("pages/<id:id>/predictions/", PredictionsView.as_view(), name="page-predictions"),
    path("pages/<id:id>/suggestions/", SuggestionsView.as_view(), name="page-suggestions"),
    path("", include(router.urls)),
]
