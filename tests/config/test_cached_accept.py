"""A cached read answers only a request whose Accept takes JSON: a hit answers what a miss
would, so `Accept: text/csv` is 406 whether or not the body is cached (it was the cached JSON)."""

import pytest

from worlds.demo import demo_load

pytestmark = pytest.mark.django_db

READS = ["/api/record/artemis-ii-launch", "/api/v1/signals", "/api/v1/records"]


@pytest.mark.parametrize("path", READS)
def test_a_hit_answers_what_a_miss_would_for_every_accept(api, path):
    demo_load()
    assert api.get(path).status_code == 200  # now cached
    for accept in ("text/csv", "text/html", "application/xml"):
        refused = api.get(path, HTTP_ACCEPT=accept)
        assert refused.status_code == 406, (path, accept)
        assert refused["Content-Type"] == "application/problem+json"
    for accept in ("application/json", "*/*", "application/*", "application/problem+json",
                   "text/csv, application/json;q=0.1"):  # fmt: skip
        served = api.get(path, HTTP_ACCEPT=accept)
        assert served.status_code == 200, (path, accept)
        assert served.json()["schema"].startswith("svc.")
