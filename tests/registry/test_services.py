"""scheduled_job_run records attempts, successes and failures of scheduled jobs."""

import pytest

from registry.models import ScheduledJob
from registry.services import scheduled_job_run

pytestmark = pytest.mark.django_db


def test_success_moves_both_stamps():
    with scheduled_job_run(name="verify-sources"):
        pass
    job = ScheduledJob.objects.get(name="verify-sources")
    assert job.last_attempt is not None
    assert job.last_success >= job.last_attempt
    assert job.consecutive_failures == 0


def test_failure_is_recorded_and_reraised_and_success_stamp_stays():
    with scheduled_job_run(name="verify-sources"):
        pass
    first_success = ScheduledJob.objects.get(name="verify-sources").last_success
    for _ in range(2):
        with (
            pytest.raises(ValueError, match="feed broke"),
            scheduled_job_run(name="verify-sources"),
        ):
            raise ValueError("feed broke")
    job = ScheduledJob.objects.get(name="verify-sources")
    assert job.last_success == first_success
    assert job.consecutive_failures == 2
    assert "feed broke" in job.last_error
