from django.urls import path

from registry.api import views

urlpatterns = [
    path("api/v1/signals", views.SignalsView.as_view(), name="signals"),
    path("api/v1/entities", views.EntitySearchView.as_view(), name="entities"),
    path("api/v1/entities/compare", views.EntityCompareView.as_view(), name="entities-compare"),
    path("api/v1/entities/<str:slug>", views.EntityView.as_view(), name="entity"),
    path("api/v1/accelerating", views.AcceleratingView.as_view(), name="accelerating"),
    path("api/v1/corroborated", views.CorroboratedView.as_view(), name="corroborated"),
    path("api/v1/sources", views.SourcesView.as_view(), name="sources"),
    path("api/v1/sources/<str:id>", views.SourceView.as_view(), name="source"),
    path("api/v1/tripwires", views.TripwiresView.as_view(), name="tripwires"),
    path("api/v1/markets", views.MarketsView.as_view(), name="markets"),
    path("api/v1/documents", views.DocumentsView.as_view(), name="documents"),
    path("api/v1/stats", views.StatsView.as_view(), name="stats"),
    path("api/v1/verticals", views.VerticalsView.as_view(), name="verticals"),
]
