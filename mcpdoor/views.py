"""The MCP door over Streamable HTTP (`POST /api/mcp`), and the /machine/ pages."""

import json
import logging
from functools import lru_cache
from urllib.parse import urlsplit

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from config.network import client_address
from config.parsers import unsound
from mcpdoor.handlers import Caller, RawJson
from mcpdoor.protocol import PROMPTS, RESOURCES, RpcError, answer
from mcpdoor.registry import TOOLS
from mcpdoor.schemas import input_schema

logger = logging.getLogger(__name__)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def allowed_origins() -> set[str]:
    own = {settings.SVC_BASE_URL, settings.SVC_APEX_URL, settings.SVC_SITE_URL}
    return {_origin(url) for url in own if url} | set(settings.SVC_MCP_ALLOWED_ORIGINS)


def _error(message_id, code: int, text: str, *, data=None, status: int = 200) -> JsonResponse:
    error = {"code": code, "message": text, **({"data": data} if data is not None else {})}
    return JsonResponse({"jsonrpc": "2.0", "id": message_id, "error": error}, status=status)


class DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object, refusing a key given twice: parsers disagree on which one wins (Python's
    takes the last, others the first), so a message could mean two things (RFC 8259 4)."""
    seen = {}
    for key, value in pairs:
        if key in seen:
            shown = json.dumps(key[:40] + ("…" if len(key) > 40 else ""), ensure_ascii=False)
            raise DuplicateKey(f"the key {shown} appears twice in one object")
        seen[key] = value
    return seen


def _outside_arguments(message):
    """The message less a tool call's arguments: a NUL there (or any value no service may be
    handed) is that argument's error, said by the tool as any bad argument is, not a failure of
    the whole request."""
    params = message.get("params") if isinstance(message, dict) else None
    if not isinstance(params, dict) or "arguments" not in params:
        return message
    return {**message, "params": {k: v for k, v in params.items() if k != "arguments"}}


@csrf_exempt
def mcp(request):
    """JSON-RPC 2.0, one message per POST, stateless; no session is ever minted or read."""
    origin = request.headers.get("Origin")
    if origin and origin not in allowed_origins():
        # DNS rebinding guard: a browser page from elsewhere may not drive the door.
        return _error(None, -32600, f"Origin {origin} is not allowed", status=403)
    if request.method != "POST":
        response = _error(None, -32600, "The MCP door takes POST only", status=405)
        response["Allow"] = "POST"
        # Streamable HTTP clients open with a GET for a server-sent stream this door does not
        # serve: part of the protocol, so said at INFO, not as Django's WARNING for every 4xx.
        logger.info("MCP door: %s answered 405 (POST only, no stream)", request.method)
        response._has_been_logged = True  # Django's own mark: `log_response` skips it
        return response
    try:
        message = _message(request.body)
    except Refused as refused:
        return refused.response
    if "id" not in message:  # a notification: accepted, never answered
        accepted = HttpResponse(status=202)
        del accepted["Content-Type"]  # no body, so no type (Django's default says text/html)
        return accepted
    message_id = message["id"]
    if not isinstance(message_id, str | int) or isinstance(message_id, bool):
        return _error(None, -32600, "Invalid request: id must be a string or a number", status=400)
    caller = Caller(request=request, address=client_address(request))
    try:
        result = answer(message, caller, request.headers)
    except RpcError as exc:
        return _error(message_id, exc.code, exc.message, data=exc.data, status=exc.http)
    return _respond(request, {"jsonrpc": "2.0", "id": message_id, "result": result})


class Refused(Exception):
    """A body that is not one JSON-RPC message, with the error answer the client reads."""

    def __init__(self, code: int, text: str, *, message_id=None):
        super().__init__(text)
        self.response = _error(message_id, code, text, status=400)


def _not_json(constant: str):
    """`NaN`, `Infinity` and `-Infinity`, which Python's parser takes and JSON has not."""
    raise ValueError(f"{constant} is not JSON")


def _message(body: bytes) -> dict:
    """The one JSON-RPC message a body holds; anything else is `Refused` with its error."""
    try:
        message = json.loads(body, object_pairs_hook=_unique_keys, parse_constant=_not_json)
    except DuplicateKey as exc:
        raise Refused(-32700, f"Parse error: {exc}") from None
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Refused(-32700, "Parse error: the body is not JSON (or nested too deeply)") from None
    # Text only: a number outside the arguments is judged by what reads it (a cursor, the id).
    if found := unsound(_outside_arguments(message), numbers=False):
        raise Refused(-32700, f"Parse error: {found[0]}: {found[1]}")
    if isinstance(message, list):
        raise Refused(-32600, "Batches are not supported: send one message per POST")
    if (
        not isinstance(message, dict)
        or message.get("jsonrpc") != "2.0"
        or not isinstance(message.get("method"), str)
    ):
        raise Refused(
            -32600,
            'Invalid request: need {"jsonrpc": "2.0", "method": ..., "id": ...}',
            message_id=message.get("id") if isinstance(message, dict) else None,
        )
    return message


def _respond(request, body: dict) -> HttpResponse:
    """Plain JSON, unless the client accepts only an event stream: then one SSE event."""
    accept = request.headers.get("Accept", "")
    text = _dumps(body)
    if "text/event-stream" in accept and "application/json" not in accept and "*/*" not in accept:
        return HttpResponse(f"event: message\ndata: {text}\n\n", content_type="text/event-stream")
    return HttpResponse(text, content_type="application/json")


def _dumps(body: dict) -> str:
    """The response as JSON; an already rendered `structuredContent` is spliced in as it is,
    so a cached record costs no parse and no second serialisation."""
    result = body.get("result")
    raw = result.get("structuredContent") if isinstance(result, dict) else None
    if not isinstance(raw, RawJson):
        return json.dumps(body, separators=(",", ":"), default=str)
    head = {k: v for k, v in result.items() if k not in ("structuredContent", "content")}
    rest = json.dumps({**body, "result": head}, separators=(",", ":"))
    blocks = "".join("," + json.dumps(b, separators=(",", ":")) for b in result["content"][1:])
    text = f'{{"type":"text","text":{_escaped(raw)}}}'
    return f'{rest[:-2]},"content":[{text}{blocks}],"structuredContent":{raw.decode()}}}}}'


@lru_cache(maxsize=64)
def _escaped(raw: bytes) -> str:
    """The record as a JSON string, escaped once per rendered body (cached records repeat)."""
    return json.dumps(raw.decode())


def machine_index(request):
    return render(
        request,
        "machine/index.html",
        {"tools": TOOLS.values(), "prompts": PROMPTS, "resources": RESOURCES.values()},
    )


def machine_tool(request, name: str):
    tool = TOOLS.get(name)
    if tool is None:
        raise Http404(name)
    schema = input_schema(tool.arguments)
    arguments = [
        {"name": key, "required": key in schema.get("required", []), **spec}
        for key, spec in schema["properties"].items()
    ]
    return render(request, "machine/tool.html", {"tool": tool, "arguments": arguments})
