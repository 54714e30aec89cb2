"""The one tool registry. `tools/list`, `tools/call` and the /machine/ pages all read it.

Tools are registered as their capabilities land (see docs/architecture.md).
"""

TOOLS: dict[str, object] = {}
