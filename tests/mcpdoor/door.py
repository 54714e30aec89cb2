"""What the MCP door's tests share: a POST of a JSON-RPC body and the modern era's _meta."""

import json

from mcpdoor.protocol import MODERN

MODERN_META = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": {},
}


def post(client, body, **headers):
    raw = body if isinstance(body, str) else json.dumps(body)
    return client.post("/api/mcp", raw, content_type="application/json", **headers)
