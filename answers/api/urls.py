from django.urls import path

from answers.api import views

urlpatterns = [
    path("api/ask", views.AskView.as_view(), name="ask"),
    path("api/ask/<str:ticket>", views.TicketView.as_view(), name="ask-ticket"),
    path("api/v1/quality", views.QualityView.as_view(), name="quality"),
]
