# Production image: gunicorn serves the app; the same image runs the Celery worker.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    MPLCONFIGDIR=/tmp/matplotlib

WORKDIR /app

# Locked, hash-checked runtime dependencies first, so code changes reuse this
# layer; the development packages (requirements-dev.lock: pytest, mypy,
# playwright, the engine's test peers) stay out of the image.
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock

# The app runs from /app (the working directory is on sys.path for manage.py,
# gunicorn and celery), so templates/ and static/ are found next to the code.
COPY . .
RUN useradd --create-home --uid 1000 app \
    && mkdir -p staticfiles var \
    && chown app:app staticfiles var

USER app
EXPOSE 8000

# docker-compose.yml gives each service its command (gamenight/commands.py).
CMD ["gunicorn", "gamenight.asgi:application", "--worker-class", "gamenight.asgi_worker.Worker", "--bind", "0.0.0.0:8000", "--graceful-timeout", "5", "--keep-alive", "15", "--access-logfile", "-", "--logger-class", "gamenight.log_masking.GunicornLogger", "--no-control-socket"]
