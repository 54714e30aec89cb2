"""Project package: settings, URLs, cross-cutting HTTP behaviour and the alias table."""

from config.celery import app as celery_app

__all__ = ["celery_app"]
