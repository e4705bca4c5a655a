from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    # The groups in one query, however many groups the user is in.
    memberships = (
        request.user.memberships.select_related("group").order_by("pk")
        if request.user.is_authenticated
        else []
    )
    return render(request, "home.html", {"memberships": memberships})


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness probe for load balancers and docker: the process answers."""
    return HttpResponse("ok", content_type="text/plain")
