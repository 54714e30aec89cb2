from django.conf import settings
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularJSONAPIView, SpectacularSwaggerSplitView

from answers import pages as answer_pages
from billing import pages as billing_pages
from config import views
from mcpdoor import views as mcp_views
from records import pages as record_pages

# The admin is the service's own, by name (Django's default header: "Django administration").
admin.site.site_header = settings.SPECTACULAR_SETTINGS["TITLE"]
admin.site.site_title = f"{settings.SPECTACULAR_SETTINGS['TITLE']} admin"
admin.site.index_title = "Curation: topics, entities, sources, feeds and markets"

urlpatterns = [
    # The two hottest routes first: URL resolution walks the list in order.
    path("api/mcp", mcp_views.mcp, name="mcp"),
    path("api/health", views.HealthView.as_view(), name="health"),
    path("api/v1/release", views.ReleaseView.as_view(), name="release"),
    path("api/openapi.json", SpectacularJSONAPIView.as_view(), name="openapi"),
    # The split view: the initialiser is a script of its own (`?script`), not inline, so the
    # page's Content-Security-Policy needs no 'unsafe-inline' for scripts.
    path("api/docs", SpectacularSwaggerSplitView.as_view(url_name="openapi"), name="api-docs"),
    path("", include("records.api.urls")),
    path("", include("registry.api.urls")),
    path("", include("billing.api.urls")),
    path("", include("watches.api.urls")),
    path("", include("answers.api.urls")),
    path("", views.home, name="home"),
    # Browsers ask for /favicon.ico on pages that link none (the admin's): the site's icon.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("terms/", views.terms, name="terms"),
    path("quality/", answer_pages.quality_page, name="quality-page"),
    path("keys/confirm/<str:token>/", billing_pages.key_confirm, name="key-confirm"),
    path("records/", record_pages.record_index, name="record-index"),
    path("records/<str:topic>/", record_pages.record_page, name="record-page"),
    path("machine/", include("mcpdoor.urls")),
    path(settings.SVC_ADMIN_PATH, admin.site.urls),
]
