from django.urls import path

from watches.api import views

urlpatterns = [
    path("api/v1/watches", views.SavedWatchesView.as_view(), name="watches"),
    path("api/v1/watches/standard", views.StandardWatchesView.as_view(), name="watches-standard"),
    path("api/v1/watches/unfurl", views.UnfurlView.as_view(), name="watches-unfurl"),
    path("api/v1/watches/<str:watchId>", views.WatchView.as_view(), name="watch"),
    path("api/v1/watches/<str:watchId>/retire", views.RetireView.as_view(), name="watch-retire"),
    path(
        "api/v1/watches/<str:watchId>/readings",
        views.ReadingsView.as_view(),
        name="watch-readings",
    ),
    path(
        "api/v1/watches/<str:watchId>/deliveries",
        views.DeliveriesView.as_view(),
        name="watch-deliveries",
    ),
    path(
        "api/v1/watches/<str:watchId>/deliveries/<str:deliveryId>/resend",
        views.ResendView.as_view(),
        name="watch-delivery-resend",
    ),
]
