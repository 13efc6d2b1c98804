"""7.5.1: the Goldpoint Coordinator approves the gold points the Centre's staff uploaded,
before the month close approves them."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from awards.intake.models import CreditUpload
from awards.intake.services.uploads import credit_upload_coordinator_approve
from centre.errors import DomainError
from centre.models import Role
from centre.permissions import role_required

coordinator_required = role_required(Role.GOLD_COORDINATOR)


def _needing_approval():
    return CreditUpload.objects.filter(
        coordinator_approval_needed=True, status=CreditUpload.Status.CREDITED
    ).select_related("event", "period", "uploaded_by", "coordinator_approved_by")


@coordinator_required
def gold_approvals(request: HttpRequest) -> HttpResponse:
    """The Centre's gold uploads: those waiting for approval first, then the approved."""
    needing = _needing_approval()
    return render(
        request,
        "awards/gold_approvals.html",
        {
            "waiting": needing.filter(coordinator_approved_at__isnull=True).order_by("pk"),
            "approved": needing.filter(coordinator_approved_at__isnull=False).order_by(
                "-coordinator_approved_at"
            )[:50],
        },
    )


@coordinator_required
@require_POST
def gold_approve(request: HttpRequest, pk: int) -> HttpResponse:
    upload = _needing_approval().filter(pk=pk).first()
    if upload is None:
        raise Http404("No gold upload of the Centre's has that number.")
    try:
        credit_upload_coordinator_approve(upload=upload, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{upload.event.name}: approved (7.5.1).")
    return redirect("awards:gold_approvals")
