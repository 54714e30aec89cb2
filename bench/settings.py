"""The service's own settings plus one trivial JSON view, for side-by-side measurements."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
