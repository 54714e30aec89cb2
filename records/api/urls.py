from django.urls import path

from records.api import views

urlpatterns = [
    path("api/record/<str:topic>", views.TopicRecordView.as_view(), name="record"),
    path("api/truth/<str:topic>", views.TruthAliasView.as_view(), name="record-alias"),
]
