# Kehr's production image: web (gunicorn), Celery worker and beat, archive proxies.
# See docker-compose.yml for the topology and docs/admin-guide.md for operations.
# The annotators' Firefox add-on, built once for the /annotator/ download page.
FROM node:20-slim AS extension
WORKDIR /build/extension
COPY extension/package.json extension/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY extension/ ./
# The build checks that the add-on's guidelines page matches docs/guidelines.md.
COPY docs/guidelines.md /build/docs/guidelines.md
RUN npm run build

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DJANGO_SETTINGS_MODULE=kehr.settings \
    KEHR_VAR_DIR=/var/lib/kehr \
    # The source tree comes first on the path, so templates, migrations and demo data
    # are used in place (the installed copy only brings the dependencies).
    PYTHONPATH=/app/backend:/app/proxy

WORKDIR /app

# Firefox ESR: the harvester's headless browser (the engine annotators use).
RUN apt-get update \
    && apt-get install -y --no-install-recommends firefox-esr \
    && rm -rf /var/lib/apt/lists/*

# Dependencies first: this layer is rebuilt only when pyproject.toml or the code changes.
COPY pyproject.toml README.md ./
COPY backend ./backend
# The classification engine (kehr_engine): a package of its own that backend/ imports.
COPY engine ./engine
RUN pip install .

COPY proxy ./proxy
COPY --from=extension /build/extension/src ./extension/src
COPY --from=extension /build/extension/web-ext-artifacts ./extension/web-ext-artifacts
COPY manage.py ./

# An unprivileged user owns the state directory (named volumes inherit its ownership).
RUN useradd --system --uid 10001 --home-dir /var/lib/kehr --shell /usr/sbin/nologin kehr \
    && mkdir -p /var/lib/kehr \
    && chown kehr:kehr /var/lib/kehr
USER kehr
VOLUME ["/var/lib/kehr"]

EXPOSE 8000
# Every container first prepares the state volume: its folders, and the secret key unless
# SECRET_KEY is set (manage.py init_instance is idempotent and safe to run in parallel).
ENTRYPOINT ["sh", "-c", "python /app/manage.py init_instance --quiet && exec \"$@\"", "kehr"]
CMD ["gunicorn", "kehr.wsgi:application", "--bind", "0.0.0.0:8000", "--access-logfile", "-"]
