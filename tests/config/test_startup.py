"""A worker's start compiles every URL pattern, so its first request does not (issue 41)."""

from django.urls import include, path, re_path

from config.startup import compile_url_patterns


def view(request):
    raise AssertionError("never called")


def compiled(entry) -> bool:
    pattern = entry.pattern
    return "regex" in pattern.__dict__ or bool(getattr(pattern, "_regex_dict", None))


def every(patterns):
    for entry in patterns:
        yield entry
        yield from every(getattr(entry, "url_patterns", []))


def test_every_pattern_is_compiled_nested_ones_too():
    patterns = [
        path("api/a", view),
        path("api/", include([path("b/<int:pk>", view), re_path(r"^c/(?P<x>\w+)$", view)])),
    ]
    assert not any(compiled(entry) for entry in every(patterns))  # Django waits for a match
    compile_url_patterns(patterns)
    assert all(compiled(entry) for entry in every(patterns)), list(every(patterns))
    assert len(list(every(patterns))) == 4


def test_the_urlconf_s_own_patterns_are_compiled():
    from django.urls import get_resolver

    compile_url_patterns()
    assert all(compiled(entry) for entry in every(get_resolver().url_patterns))
