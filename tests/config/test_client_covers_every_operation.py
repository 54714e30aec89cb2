"""`make client` (.ci/client) calls every operation of the live document through the client
generated from it: the smoke script imports each operation's module by the generator's name for
it (the operationId in snake case), so an operation added without a call fails here first."""

import ast
import re

from django.conf import settings

SMOKE = settings.BASE_DIR / "tests" / "client_smoke.py"


def snake(operation_id: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", operation_id).lower()


def test_the_generated_client_smoke_calls_every_operation(api):
    document = api.get("/api/openapi.json", HTTP_ACCEPT="application/json").json()
    operations = {
        snake(operation["operationId"])
        for item in document["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    tree = ast.parse(SMOKE.read_text())
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and ".api." in (node.module or "")
        for alias in node.names
    }
    called = {
        node.func.value.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "sync"
        and isinstance(node.func.value, ast.Name)
    }
    assert len(operations) >= 39
    assert operations - imported == set()
    assert operations - called == set()
