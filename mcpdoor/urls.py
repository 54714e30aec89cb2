from django.urls import path

from mcpdoor import views

urlpatterns = [
    path("", views.machine_index, name="machine"),
    path("tools/<str:name>/", views.machine_tool, name="machine-tool"),
]
