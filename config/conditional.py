"""A kept body answered as caches and download tools expect it (RFC 9110, sections 13 and 14).

A body built once and kept (a dataset's bytes) has a strong ETag and the time it was built:
`If-None-Match` or `If-Modified-Since` that still holds gets 304 (Django's own evaluation of the
preconditions); a single `Range` of bytes gets 206 with `Content-Range`, unless `If-Range` names
another version, when the whole body is sent; a range past the end gets 416. Several ranges in
one request are answered with the whole body, as the RFC allows: no client of ours asks for a
multipart answer, and its parts would be larger than the ranges. The range header is parsed by
Werkzeug, the HTTP toolkit made for it, not by hand.
"""

from django.http import HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.http import http_date, parse_http_date_safe
from werkzeug.http import parse_range_header

from config.problems import problem_response


def kept_response(request, body: bytes, *, etag: str, modified: float, content_type: str):
    """The whole body, 304, 206 or 416 for a GET of a kept body with these validators."""
    modified = int(modified)
    answer = get_conditional_response(request, etag=etag, last_modified=modified)
    if answer is None:
        answer = _ranged(request, body, etag, modified, content_type)
    answer["ETag"] = etag
    answer["Last-Modified"] = http_date(modified)
    answer["Accept-Ranges"] = "bytes"
    return answer


def _ranged(request, body: bytes, etag: str, modified: int, content_type: str) -> HttpResponse:
    asked = request.headers.get("Range")
    span = parse_range_header(asked) if asked and _range_applies(request, etag, modified) else None
    if span is None or len(span.ranges) != 1:
        return HttpResponse(body, content_type=content_type)
    bounds = span.range_for_length(len(body))
    if bounds is None:
        return problem_response(
            request, status=416, state="range-not-satisfiable", field="Range",
            error=f"Range: the body has {len(body)} bytes; ask for a range within them.",
            headers={"Content-Range": f"bytes */{len(body)}"},
        )  # fmt: skip
    start, stop = bounds
    answer = HttpResponse(body[start:stop], content_type=content_type, status=206)
    answer["Content-Range"] = span.make_content_range(len(body)).to_header()
    return answer


def _range_applies(request, etag: str, modified: int) -> bool:
    """`If-Range`: the range only for the version the client names (a strong ETag, or a date
    no earlier than the body's); the whole body otherwise."""
    condition = request.headers.get("If-Range")
    if not condition:
        return True
    if condition.startswith(('"', "W/")):
        return condition == etag  # a weak tag never matches for a range
    since = parse_http_date_safe(condition)
    return since is not None and since >= modified
