FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=centre.settings_production
WORKDIR /app

COPY pyproject.toml README.md ./
RUN pip install --no-cache-dir .

COPY . .
RUN SECRET_KEY=collectstatic-only ALLOWED_HOSTS=localhost python manage.py collectstatic --noinput

RUN useradd --create-home centre && mkdir -p /app/var && chown centre /app/var
USER centre
EXPOSE 8000
CMD ["gunicorn", "centre.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
