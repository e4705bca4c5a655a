from django.contrib import admin
from django.urls import include, path

from gamenight.views import core

# A lock error raised outside a view (a session save, say) is the busy page too.
handler500 = "gamenight.busy.server_error"

urlpatterns = [
    path("", core.home, name="home"),
    path("healthz", core.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("gamenight.views.site_urls")),
    path("", include("gamenight.views.recording_urls")),
    path("", include("gamenight.views.reports_urls")),
    path("", include("gamenight.views.digital_urls")),
]
