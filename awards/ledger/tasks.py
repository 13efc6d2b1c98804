"""The ledger's tasks: the refresh of the national positions a public read queues
(`awards.ledger.selectors.positions_served`); each calls a service."""

from celery import shared_task

from awards.ledger.services.positions import positions_refresh_stale as refresh_stale


@shared_task
def positions_refresh_stale() -> bool:
    """1.4.4: the national positions counted again if the approved totals have moved on since
    they were kept, out of the request that found them older; run again, it finds them
    current. A task lost before it ends is queued again by a reader once its key lapses."""
    return refresh_stale()
