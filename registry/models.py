"""The write side that curators own and ingestion fills."""

from django.db import models


class ScheduledJob(models.Model):
    """The last run of each scheduled job, updated in place.

    This is a status board, not a history: what a job did is recorded in the rows it writes
    (readings, transitions, documents). Health and the automation blocks read it.
    """

    name = models.SlugField(max_length=64, unique=True)
    last_attempt = models.DateTimeField(null=True, blank=True)
    last_success = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    consecutive_failures = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
