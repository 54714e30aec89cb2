"""The Celery app. Tasks are thin: they take ids, load rows and call one service."""

import os
from pathlib import Path

from celery import Celery
from celery.signals import worker_process_init

from config import broker

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# `redis://` reaches kombu's Redis transport with a torn-down channel counted as a lost broker.
broker.register()

app = Celery("svc")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# A pool process loads the Answer Engine before it reports up (`_load_answer_engine`): at
# 1,000,000 documents the vocabulary takes about 10 s, past billiard's 4 s default, after which
# the parent kills the process it takes for hung and forks another, forever.
app.conf.worker_proc_alive_timeout = 60.0


@app.on_after_configure.connect
def _prepare_folders(sender, **kwargs):
    # The file-system broker (embedded default) needs its folders before the first message, and
    # beat its schedule's folder (SVC_VAR_DIR may name one not made yet): it stops without it.
    options = sender.conf.broker_transport_options or {}
    folders = [options.get(k) for k in ("data_folder_in", "data_folder_out", "control_folder")]
    folders.append(str(Path(sender.conf.beat_schedule_filename).parent))
    for folder in filter(None, folders):
        Path(folder).mkdir(parents=True, exist_ok=True)


@worker_process_init.connect
def _load_answer_engine(**kwargs):
    # Each pool process (prefork forks them before any task) loads the model, the vocabulary
    # and the tagger once, so its first ask costs what its tenth does. Never fails the process.
    from answers.serve.warmup import preload

    preload()
