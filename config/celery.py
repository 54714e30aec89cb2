"""The Celery app. Tasks are thin: they take ids, load rows and call one service."""

import os
from pathlib import Path

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("svc")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _prepare_folders(sender, **kwargs):
    # The file-system broker (embedded default) needs its folders before the first message, and
    # beat its schedule's folder (SVC_VAR_DIR may name one not made yet): it stops without it.
    options = sender.conf.broker_transport_options or {}
    folders = [options.get(k) for k in ("data_folder_in", "data_folder_out", "control_folder")]
    folders.append(str(Path(sender.conf.beat_schedule_filename).parent))
    for folder in filter(None, folders):
        Path(folder).mkdir(parents=True, exist_ok=True)
