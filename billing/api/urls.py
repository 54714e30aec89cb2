from django.urls import path

from billing.api import views

urlpatterns = [
    path("api/keys", views.KeyIssueView.as_view(), name="keys"),
    path("api/keys/verify", views.KeyVerifyView.as_view(), name="keys-verify"),
    path("api/keys/me", views.KeyMeView.as_view(), name="keys-me"),
    path("api/tariff", views.TariffView.as_view(), name="tariff"),
    path("api/tariff-quote", views.TariffQuoteView.as_view(), name="tariff-quote"),
]
