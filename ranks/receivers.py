"""What the ranks do when a lower app says something happened (docs/architecture.md): an
upload's awards credited record the wins a rank counts (ranks.victories)."""

from __future__ import annotations

from typing import Any

from awards.intake.models import CreditUpload
from ranks.victories import eligible_wins_record


def upload_credited(sender: type, instance: CreditUpload, **kwargs: Any) -> None:
    """post_save of an upload: once its status is saved as credited (App. E step 2, in the
    crediting's transaction), the wins of its event are recorded with its credits."""
    fields = kwargs.get("update_fields")
    if instance.status != CreditUpload.Status.CREDITED or (fields and "status" not in fields):
        return
    eligible_wins_record(upload=instance)
