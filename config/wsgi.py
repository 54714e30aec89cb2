import gc
import os
import threading
from importlib import import_module

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# What a worker has loaded by now lives as long as it does: settings, models, the URLconf and
# every view, serializer and schema it imports (loaded here rather than by the first request).
# Frozen, the collector's full passes no longer walk it: about 210,000 objects, whose walk held
# one read in a hundred for 150 ms; after the freeze a full pass takes a few milliseconds.
import_module(settings.ROOT_URLCONF)
import_module("config.startup").compile_url_patterns()
# The Answer Engine's model, vocabulary and tagger, loaded here rather than by the first ask
# (gunicorn imports this module once per worker; no --preload, so each worker holds its own C
# handle). Skipped with SVC_ANSWER_EMBEDDINGS=off; a database that is down is logged, not fatal.
# `make run` (SVC_WARMUP=background) serves first and loads beside: its first 200 in seconds.
preload = import_module("answers.serve.warmup").preload
if settings.SVC_WARMUP == "background":
    threading.Thread(target=preload, name="answer-engine-warmup", daemon=True).start()
else:
    preload(serving=True)  # this thread serves the requests: it keeps the connection opened
gc.collect()
gc.freeze()
