import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "centre.settings")

application = get_wsgi_application()

# The portal never serves a register made under another scheme (centre.deployment).
from centre.deployment import scheme_check  # noqa: E402

scheme_check()

# Ready to queue tasks before the first request asks it to (centre.celery.producer_warm).
from centre.celery import producer_warm  # noqa: E402

producer_warm()
