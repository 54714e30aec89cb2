"""Serializer fields stricter than DRF's own where a generated client relies on the type."""

from rest_framework import serializers


class TextField(serializers.CharField):
    """A string, and only a string: DRF's CharField turns a number into text, so `42` passed
    where the schema says `string` (and an ask was spent on it)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class JsonBooleanField(serializers.BooleanField):
    """`true` or `false` as JSON writes them, in a body: DRF's BooleanField also takes 0, 1,
    "yes" and "on" (meant for form and query strings), which the document's boolean does not."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data
