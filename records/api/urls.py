from django.urls import path

from records.api import views

urlpatterns = [
    path("api/record/<str:topic>", views.TopicRecordView.as_view(), name="record"),
    path("api/truth/<str:topic>", views.TruthAliasView.as_view(), name="record-alias"),
    path("api/v1/records", views.RecordsView.as_view(), name="records"),
    path("api/v1/datasets", views.DatasetsView.as_view(), name="datasets"),
    path("api/v1/datasets/<slug:id>.jsonl", views.DatasetJsonlView.as_view(), name="dataset-jsonl"),
    path("api/v1/datasets/<slug:id>.csv", views.DatasetCsvView.as_view(), name="dataset-csv"),
    path("api/v1/datasets/<str:id>", views.DatasetView.as_view(), name="dataset"),
    path("api/v1/records/<str:topic>/history", views.TopicHistoryView.as_view(), name="history"),
    path(
        "api/v1/records/<str:topic>/reporting",
        views.TopicReportingView.as_view(),
        name="reporting",
    ),
    path("api/v1/records/<str:topic>/coverage", views.TopicCoverageView.as_view(), name="coverage"),
]
