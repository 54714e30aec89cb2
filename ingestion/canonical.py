"""Canonical document URLs: one story, one URL, whatever tracking the link carried."""

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from w3lib.url import canonicalize_url

_TRACKING_PREFIXES = ("utm_", "mc_", "pk_", "hsa_", "at_")
_TRACKING_NAMES = frozenset({
    "fbclid", "gclid", "dclid", "msclkid", "yclid", "igshid", "twclid", "ref", "ref_src",
    "ref_url", "cmpid", "ocid", "taid", "smid", "ito", "spm", "guccounter", "guce_referrer",
    "cmp", "s_cid", "icid", "mbid",
})  # fmt: skip
_DEFAULT_PORTS = {"http": 80, "https": 443}

# Prediction-market question pages: kept, flagged, never counted as reporting.
_MARKET_PAGES = {
    "polymarket.com": ("/event/", "/market/"),
    "kalshi.com": ("/markets/",),
    "manifold.markets": ("/",),
}


def canonical_url(url: str) -> str | None:
    """The canonical form of an http(s) URL, or None when it is not one.

    Lower-cases scheme and host, drops the default port, the fragment and tracking parameters,
    and lets w3lib normalise percent-encoding and the order of the remaining parameters.
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    netloc = parts.hostname.lower()
    if port and port != _DEFAULT_PORTS[scheme]:
        netloc = f"{netloc}:{port}"
    query = [
        (key, value)
        for key, value in parse_qsl(parts.query, keep_blank_values=True)
        if not _is_tracking(key)
    ]
    rebuilt = urlunsplit((scheme, netloc, parts.path or "/", urlencode(query), ""))
    return canonicalize_url(rebuilt)


def _is_tracking(name: str) -> bool:
    name = name.lower()
    return name in _TRACKING_NAMES or name.startswith(_TRACKING_PREFIXES)


def is_market_question_page(url: str) -> bool:
    parts = urlsplit(url)
    host = (parts.hostname or "").removeprefix("www.")
    prefixes = _MARKET_PAGES.get(host)
    return bool(prefixes) and parts.path.startswith(prefixes) and len(parts.path) > 1
