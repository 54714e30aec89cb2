from django.urls import path

from mcpdoor import views

urlpatterns = [
    path("", views.machine_index, name="machine"),
]
