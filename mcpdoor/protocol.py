"""JSON-RPC 2.0 for the MCP door, both protocol eras, stateless.

Legacy (2025-03-26, 2025-06-18, 2025-11-25): `initialize` echoes a supported version (else our
latest), then plain requests. 2026-07-28: no handshake; every request carries its protocol
version and client capabilities in `params._meta`, the server answers `server/discover`, and
results carry `resultType` (list results also `ttlMs` and `cacheScope`). One function answers
one message; the HTTP view around it owns transport concerns.
"""

import base64
import binascii
import functools
import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.urls import Resolver404, resolve
from rest_framework.exceptions import AuthenticationFailed

from answers.selectors import quality_current
from config import cachekeys, readcache
from config.bursts import burst_count
from config.fields import echoed
from config.problems import ApplicationError
from config.reads import ReadView, rendered
from mcpdoor.budgets import answered
from mcpdoor.handlers import Caller, RawJson
from mcpdoor.registry import TOOLS, Tool, tool_named
from mcpdoor.schemas import ArgumentError, validated

MODERN = "2026-07-28"
LEGACY = ("2025-11-25", "2025-06-18", "2025-03-26")
META_VERSION = "io.modelcontextprotocol/protocolVersion"
META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
PAGE = 50
TOOLS_CURSOR = re.compile(r"[0-9]{1,6}")  # what `tools/list` issues: a small offset, as text
LIST_TTL_MS = 300_000
INSTRUCTIONS = (
    "An intelligence feed: call start_here first. Reads need no key; ask is metered; saving a "
    "Watch needs a key and a slot. Market prices are belief, never fact."
)
PROMPTS = {
    "look-around": {
        "title": "Look around",
        "description": "Orient yourself, then judge the service on its own records.",
        "text": (
            "Call start_here to learn what this service is and what is free. Then call "
            "get_signals for what is flagged now, pick one topic and call get_topic_record for "
            "it, and check one of its issuer readings (primarySources) at its source. Finally "
            "ask one question with ask and check that every sentence cites a row you can open. "
            "Report what you found, including anything that did not hold up."
        ),
    }
}
PROMPT_ALIASES = {"judge-us-first": "look-around"}
# The door's one resource: the published quality card. A resource, not a tool: the door keeps
# its 29 tools, and a card is something a client reads, not an action it takes.
QUALITY_URI = "svc://quality/card"
RESOURCES = {
    QUALITY_URI: {
        "uri": QUALITY_URI,
        "name": "quality-card",
        "title": "Quality card",
        "description": (
            "The published quality card (svc.quality.v1, as GET /api/v1/quality): the Answer "
            "Engine's evaluation per class, each a count, a rate and its 95% Wilson interval, "
            "on the project's own cases."
        ),
        "mimeType": "application/json",
    }
}
RESOURCE_NOT_FOUND = -32002
# The 2026-07-28 requests whose `Mcp-Name` header repeats a member of their params.
NAMED_BY = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}


class RpcError(Exception):
    def __init__(self, code: int, message: str, *, data: Any = None, http: int = 200):
        super().__init__(message)
        self.code, self.message, self.data, self.http = code, message, data, http


@dataclass
class Era:
    modern: bool
    version: str


def server_info() -> dict[str, str]:
    return {
        "name": "intelligence-feed-service",
        "title": "Intelligence Feed Service",
        "version": settings.SVC_VERSION,
    }


def capabilities() -> dict[str, Any]:
    return {
        "tools": {"listChanged": False},
        "prompts": {"listChanged": False},
        "resources": {"listChanged": False, "subscribe": False},
    }


def era_of(message: dict, headers) -> Era:
    """Which protocol a request speaks, checking the 2026-07-28 rules when it is that one."""
    params = message.get("params") if isinstance(message.get("params"), dict) else {}
    meta = params.get("_meta") if isinstance(params.get("_meta"), dict) else {}
    header = headers.get("MCP-Protocol-Version", "")
    if message.get("method") == "initialize":
        return Era(False, header or LEGACY[-1])
    if header and header not in (MODERN, *LEGACY):
        # The transport's rule: an invalid or unsupported version header is a 400.
        raise _unsupported(header, [MODERN, *LEGACY])
    if META_VERSION not in meta and header != MODERN:
        return Era(False, header or LEGACY[-1])
    version = meta.get(META_VERSION)
    if not isinstance(version, str) or not isinstance(meta.get(META_CAPABILITIES), dict):
        raise RpcError(
            -32602, f"params._meta needs {META_VERSION} and {META_CAPABILITIES}", http=400
        )
    if version != MODERN:
        # Per request (`_meta`) only the 2026-07-28 revision is spoken; the earlier ones are
        # reached through `initialize`, so they are not offered here.
        raise _unsupported(version, [MODERN])
    _check_headers(message, headers, version)
    return Era(True, version)


def _unsupported(version: str, supported: list[str]) -> "RpcError":
    return RpcError(
        -32022,
        "Unsupported protocol version",
        http=400,
        data={"supported": supported, "requested": version},
    )


def _check_headers(message: dict, headers, version: str) -> None:
    expected = {"MCP-Protocol-Version": version, "Mcp-Method": message.get("method")}
    named = NAMED_BY.get(message.get("method"))
    if named:
        expected["Mcp-Name"] = (message.get("params") or {}).get(named)
    for name, value in expected.items():
        given = _decoded(name, headers.get(name, ""))
        if given != value:
            raise RpcError(
                -32020,
                f"Header mismatch: {name} header value {given!r} does not "
                f"match body value {value!r}",
                http=400,
            )


def _decoded(name: str, value: str) -> str:
    """A header's value, decoding the `=?base64?...?=` form; malformed base64 is the client's
    error (400), not ours: strict decoding, so a value never half-decodes into a match."""
    if not (value.startswith("=?base64?") and value.endswith("?=")):
        return value
    try:
        return base64.b64decode(value[9:-2], validate=True).decode("utf-8", "replace")
    except (binascii.Error, ValueError):
        raise RpcError(
            -32020, f"Header mismatch: {name} header value is not valid base64", http=400
        ) from None


def answer(message: dict, caller: Caller, headers) -> dict[str, Any]:
    """The JSON-RPC result for one request (raises RpcError for protocol errors)."""
    era = era_of(message, headers)
    method = message["method"]
    params = message.get("params") if isinstance(message.get("params"), dict) else {}
    handler = METHODS.get(method)
    if handler is None or (method == "initialize" and era.modern):
        raise RpcError(-32601, f"Method not found: {method}", http=404 if era.modern else 200)
    result = handler(params, caller, era)
    if era.modern:
        result["resultType"] = "complete"
        result.setdefault("_meta", {})["io.modelcontextprotocol/serverInfo"] = server_info()
    return result


def _initialize(params: dict, caller: Caller, era: Era) -> dict:
    asked = params.get("protocolVersion")
    return {
        "protocolVersion": asked if asked in LEGACY else LEGACY[0],
        "capabilities": capabilities(),
        "serverInfo": server_info(),
        "instructions": INSTRUCTIONS,
    }


def _discover(params: dict, caller: Caller, era: Era) -> dict:
    return {
        "supportedVersions": [MODERN, *LEGACY],
        "capabilities": capabilities(),
        "instructions": INSTRUCTIONS,
        **_cache(era, force=True),
    }


def _cache(era: Era, *, force: bool = False) -> dict:
    return {"ttlMs": LIST_TTL_MS, "cacheScope": "public"} if era.modern or force else {}


def _tools_list(params: dict, caller: Caller, era: Era) -> dict:
    cursor = params.get("cursor")
    # Only the text we issue: int() of a JSON number would take 1e400 (OverflowError) or 1.5.
    if cursor is not None and not (isinstance(cursor, str) and TOOLS_CURSOR.fullmatch(cursor)):
        raise RpcError(-32602, "cursor: not a cursor this server issued")
    start = int(cursor) if cursor is not None else 0
    tools = list(TOOLS.values())
    if not 0 <= start <= len(tools):
        raise RpcError(-32602, "cursor: not a cursor this server issued")
    page = tools[start : start + PAGE]
    result = {"tools": [tool.listing() for tool in page], **_cache(era)}
    if start + PAGE < len(tools):
        result["nextCursor"] = str(start + PAGE)
    return result


def _tools_call(params: dict, caller: Caller, era: Era) -> dict:
    name = params.get("name")
    tool, current = tool_named(name) if isinstance(name, str) else (None, "")
    if tool is None:
        raise RpcError(
            -32602, f"Unknown tool: {echoed(name)}. tools/list names the {len(TOOLS)} tools."
        )
    arguments = params.get("arguments") or {}
    if not isinstance(arguments, dict):
        return _failure("arguments: an object of argument names and values.")
    try:
        if tool.key_needed:
            caller.required_key()  # say a key is needed before judging the arguments
        if tool.burst:
            burst_count(caller.request, tool.burst, caller.burst_key)
        payload = _answer(tool, arguments, caller)
    except ArgumentError as exc:
        return _failure(f"{exc} See the tool's inputSchema in tools/list.")
    except AuthenticationFailed as exc:
        return _failure(f"Key refused: {exc.detail}")
    except ApplicationError as exc:
        return _failure(_refusal(exc))
    return _result(payload, name, current)


def _result(payload: Any, name: str, current: str) -> dict:
    """A tool's result: the payload as structured content and as text; called by an earlier
    name, a second text and `_meta` name the current one."""
    if isinstance(payload, RawJson):
        text = payload.decode()
    else:
        text = json.dumps(payload, separators=(",", ":"), default=str)
    result = {
        "content": [{"type": "text", "text": text}],
        "structuredContent": payload,
        "isError": False,
    }
    if current != name:
        result["content"].append(
            {
                "type": "text",
                "text": f"'{name}' is an earlier name of this "
                f"tool; the current name is '{current}'.",
            }
        )
        result["_meta"] = {"svc/currentName": current}
    return result


def _answer(tool: Tool, arguments: dict, caller: Caller) -> Any:
    """The tool's payload; a tool whose REST twin is a cached read shares that read's cache
    path (`config.readcache`: its refresh window, one rebuild per expiry), keyed by the tool
    and its arguments as sent, under the curation generation (`config.cachekeys`). A bad
    argument raises inside the build: nothing is stored."""

    def handle() -> Any:
        return answered(tool.name, tool.handler, validated(tool.arguments, arguments), caller)

    refresh = twin_refresh(tool.name)
    if not refresh:
        return handle()
    asked = json.dumps([tool.name, arguments], sort_keys=True, separators=(",", ":"))
    key = f"mcp:v2:{cachekeys.generation()}:{hashlib.sha256(asked.encode()).hexdigest()}"
    entry = readcache.read_through(key, refresh, lambda: rendered(handle()))
    return RawJson(entry.body)


@functools.cache
def twin_refresh(name: str) -> int:
    """The refresh window of the tool's REST twin when that twin is an anonymous cached read
    (a `ReadView`), else 0 (keyed, writing, or with its own cache such as the record)."""
    tool, _ = tool_named(name)
    method, _, path = (tool.rest_twin or "").partition(" ")
    if method != "GET" or tool.key_needed:
        return 0
    try:
        match = resolve(re.sub(r"\{[^}]+\}", "x", path.split("?")[0]))
    except Resolver404:
        return 0
    view = getattr(match.func, "view_class", None)
    return view.refresh if view and issubclass(view, ReadView) else 0


def _refusal(exc: ApplicationError) -> str:
    parts = [f"{exc.error} (state: {exc.state}, as HTTP {exc.status})"]
    if exc.state == "key-required":
        parts.append("Get a free key with POST /api/keys, then send it as x-api-key.")
    for step in exc.members.get("next", []):
        parts.append(f"Next: {step.get('action')}: {step.get('href') or step.get('how')}")
    if "retryAfter" in exc.members:
        parts.append(f"Retry after {exc.members['retryAfter']} s.")
    return " ".join(parts)


def _failure(text: str) -> dict:
    return {"content": [{"type": "text", "text": text}], "isError": True}


def _prompts_list(params: dict, caller: Caller, era: Era) -> dict:
    prompts = [
        {"name": name, "title": p["title"], "description": p["description"], "arguments": []}
        for name, p in PROMPTS.items()
    ]
    return {"prompts": prompts, **_cache(era)}


def _prompts_get(params: dict, caller: Caller, era: Era) -> dict:
    name = params.get("name")
    if not isinstance(name, str):  # a list or an object is unhashable: no lookup, no 500
        raise RpcError(-32602, "name: a prompt's name, as a string. prompts/list names them.")
    current = PROMPT_ALIASES.get(name, name)
    prompt = PROMPTS.get(current)
    if prompt is None:
        raise RpcError(-32602, f"Unknown prompt: {echoed(name)}. prompts/list names them.")
    result = {
        "description": prompt["description"],
        "messages": [{"role": "user", "content": {"type": "text", "text": prompt["text"]}}],
    }
    if current != name:
        result["_meta"] = {"svc/currentName": current}
    return result


def _resources_list(params: dict, caller: Caller, era: Era) -> dict:
    return {"resources": list(RESOURCES.values()), **_cache(era)}


def _resources_read(params: dict, caller: Caller, era: Era) -> dict:
    uri = params.get("uri")
    if not isinstance(uri, str):
        raise RpcError(-32602, "uri: a resource's URI, as a string. resources/list names them.")
    if uri not in RESOURCES:
        raise RpcError(
            RESOURCE_NOT_FOUND,
            f"Resource not found: {echoed(uri)}. resources/list names them.",
            data={"uri": uri[:200]},
        )
    card = quality_current()
    if card is None:
        raise RpcError(
            RESOURCE_NOT_FOUND,
            "No quality card has been published yet (manage.py publish_quality).",
            data={"uri": uri},
        )
    text = json.dumps(card, separators=(",", ":"), default=str)
    return {"contents": [{"uri": uri, "mimeType": "application/json", "text": text}]}


METHODS = {
    "initialize": _initialize,
    "server/discover": _discover,
    "ping": lambda params, caller, era: {},
    "tools/list": _tools_list,
    "tools/call": _tools_call,
    "prompts/list": _prompts_list,
    "prompts/get": _prompts_get,
    "resources/list": _resources_list,
    "resources/read": _resources_read,
    "resources/templates/list": lambda params, caller, era: {"resourceTemplates": []},
}
