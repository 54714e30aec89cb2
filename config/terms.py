"""The output licence (spec, item 6), stated once and carried by every dataset answer."""

from django.conf import settings

LICENCE_SUMMARY = (
    "Outputs are licensed for evaluation, individual use and live consumption. Systematic bulk "
    "collection, redistribution as a dataset, and use to train or calibrate models or competing "
    "signal products require a commercial licence (terms, section 4a). Informational only: not "
    "investment, legal or betting advice."
)


def terms_url() -> str:
    return f"{settings.SVC_SITE_URL.rstrip('/')}/terms/#s4a"


def licence() -> dict[str, str]:
    return {"summary": LICENCE_SUMMARY, "terms": terms_url()}


def licence_headers() -> dict[str, str]:
    """For bodies that cannot carry it (JSON Lines, CSV): a `Link` and the summary itself."""
    return {"Link": f'<{terms_url()}>; rel="license"', "x-svc-licence": LICENCE_SUMMARY}
