"""Switchboard's reporter for Hermes Agent (verified on 0.19.0, see test/agents/hermes/README.md).

Switchboard adds this plugin for one launch and Hermes loads it as a bundled backend (plugin.yaml).
It forwards the hook events that tell whether Hermes works, waits on the user, or has finished its
turn, as ``{"event", "payload"}`` JSON to the pane's report URL with the pane's token, one at a
time and in the order Hermes fired them, from a thread of its own: a hook never waits on the
network, except the shutdown hook, which holds the exit at most 2 s so the last reports are out.
Payloads are cut to what the board reads (no conversation, no tool output). It never raises into
Hermes, never prints, and sends nothing from a Hermes started by this one (its tools' children
inherit the environment): the first process that fires a hook owns the pane.
"""

from __future__ import annotations

import atexit
import contextvars
import http.client
import json
import os
import queue
import threading
import time
from typing import Any, Callable, Dict, Optional
from urllib.parse import urlsplit

TIMEOUT_S = 2.0
# The board reads the end of a reply (does it ask?) and quotes commands and questions briefly.
MAX_REPLY = 4000
MAX_QUOTE = 300
# Which Hermes process reports for the pane: set by the first one that fires a hook.
OWNER_ENV = "SWITCHBOARD_HERMES_PID"
# Agents Hermes runs on threads of their own beside the user's turn, firing every hook of a turn
# (0.19.0): the memory/skill review forked after a turn (`bg-review`, under the user's session
# id), the curator's review and `/bg` tasks. None of them is the pane's turn.
_BACKGROUND_THREADS = ("bg-review", "curator-review", "bg-task-")
_BACKGROUND: "contextvars.ContextVar[bool]" = contextvars.ContextVar("switchboard_background", default=False)


def _in_background() -> bool:
    """A hook fired by a background agent: on its thread, or on a tool worker it started (Hermes
    copies the caller's context into its tool workers, tools/thread_context.py)."""
    if _BACKGROUND.get():
        return True
    if threading.current_thread().name.startswith(_BACKGROUND_THREADS):
        _BACKGROUND.set(True)
        return True
    return False


def _head(value: Any, limit: int = MAX_QUOTE) -> Optional[str]:
    return value[:limit] if isinstance(value, str) else None


def _tail(value: Any, limit: int = MAX_REPLY) -> Optional[str]:
    return value[-limit:] if isinstance(value, str) else None


def _token() -> Optional[str]:
    token = os.environ.get("SWITCHBOARD_REPORT_TOKEN")
    if token:
        return token
    path = os.environ.get("SWITCHBOARD_REPORT_TOKEN_FILE")
    if not path:
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip() or None
    except OSError:
        return None


class _Sender:
    """POSTs reports one at a time, in order, on a daemon thread; never through a proxy."""

    def __init__(self, url: str, token: str) -> None:
        parts = urlsplit(url)
        self._host = parts.hostname or "127.0.0.1"
        self._port = parts.port or 80
        self._path = parts.path or "/"
        self._token = token
        self._queue: "queue.Queue[bytes]" = queue.Queue()
        threading.Thread(target=self._run, name="switchboard-reporter", daemon=True).start()

    def send(self, event: str, payload: Dict[str, Any]) -> None:
        body = json.dumps({"event": event, "payload": payload}, ensure_ascii=False, default=str)
        self._queue.put(body.encode("utf-8"))

    def flush(self, timeout: float = TIMEOUT_S) -> None:
        """Waits until every queued report is out, or `timeout` has passed."""
        deadline = time.monotonic() + timeout
        with self._queue.all_tasks_done:
            while self._queue.unfinished_tasks:
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                self._queue.all_tasks_done.wait(left)

    def _run(self) -> None:
        while True:
            body = self._queue.get()
            try:
                conn = http.client.HTTPConnection(self._host, self._port, timeout=TIMEOUT_S)
                try:
                    conn.request("POST", self._path, body, {"content-type": "application/json", "x-switchboard-token": self._token})
                    conn.getresponse().read()
                finally:
                    conn.close()
            except Exception:
                pass  # Swallow: the board may be gone; Hermes must not notice.
            finally:
                self._queue.task_done()


class _Reporter:
    def __init__(self, sender: _Sender, version: str) -> None:
        self._sender = sender
        self._version = version
        self._parents: Dict[str, str] = {}
        self._replies: Dict[str, str] = {}
        self._silent = False
        self._owned = False

    def _owns(self) -> bool:
        if self._owned:
            return True
        if self._silent:
            return False
        owner = os.environ.get(OWNER_ENV)
        if owner and owner != str(os.getpid()):
            self._silent = True
            return False
        # A relaunch (os.execv, the same pid) keeps reporting; any other process that inherits this
        # environment sees a different pid and stays silent.
        os.environ[OWNER_ENV] = str(os.getpid())
        self._owned = True
        return True

    def _root(self, session: Optional[str]) -> Optional[str]:
        seen = set()
        while session and session in self._parents and session not in seen:
            seen.add(session)
            session = self._parents[session]
        return session

    def _emit(self, event: str, payload: Dict[str, Any], wait: bool = False) -> None:
        if not self._owns():
            return
        session = payload.get("session_id")
        if isinstance(session, str) and session:
            payload["root_session_id"] = self._root(session)
        self._sender.send(event, payload)
        if wait:
            self._sender.flush()

    def hook(self, event: str, shape: Callable[..., Optional[Dict[str, Any]]], wait: bool = False) -> Callable[..., None]:
        def callback(**kwargs: Any) -> None:
            if _in_background():
                return None
            try:
                payload = shape(**kwargs)
                if payload is not None:
                    self._emit(event, payload, wait)
            except Exception:
                pass  # Swallow: a reporter must never break the agent.
            return None

        return callback

    # Payload shapes, one per hook (kwargs as Hermes 0.19.0 passes them).

    def session_start(self, session_id=None, **_: Any):
        return {"session_id": session_id, "version": self._version}

    def pre_llm_call(self, session_id=None, is_first_turn=None, **_: Any):
        # A prompt starts a turn: the reply of the last one is no longer this turn's.
        self._replies.pop(session_id or "", None)
        return {"session_id": session_id, "is_first_turn": is_first_turn, "version": self._version}

    def pre_api_request(self, session_id=None, api_call_count=None, **_: Any):
        return {"session_id": session_id, "api_call_count": api_call_count}

    def pre_tool_call(self, tool_name=None, args=None, session_id=None, tool_call_id=None, **_: Any):
        payload: Dict[str, Any] = {"session_id": session_id, "tool_name": tool_name, "tool_call_id": tool_call_id}
        if tool_name == "clarify" and isinstance(args, dict):
            payload["questions"] = [{"question": _head(args.get("question"))}]
        return payload

    def post_tool_call(self, tool_name=None, session_id=None, tool_call_id=None, status=None, **_: Any):
        return {"session_id": session_id, "tool_name": tool_name, "tool_call_id": tool_call_id, "status": status}

    def pre_approval_request(self, command=None, description=None, pattern_key=None, surface=None, **_: Any):
        # Approvals are for terminal commands (tools/approval.py); the command makes the board's "Run `…`?".
        return {"surface": surface, "pattern_key": pattern_key, "description": _head(description), "tool_name": "terminal", "tool_input": {"command": _head(command)}}

    def post_approval_response(self, surface=None, choice=None, decided_by=None, pattern_key=None, **_: Any):
        return {"surface": surface, "choice": choice, "decided_by": decided_by, "pattern_key": pattern_key}

    def post_llm_call(self, session_id=None, assistant_response=None, **_: Any):
        # Not sent: remembered for on_session_end, which ends the turn right after.
        if isinstance(assistant_response, str):
            self._replies[session_id or ""] = _tail(assistant_response) or ""
        return None

    def session_end(self, session_id=None, completed=None, interrupted=None, reason=None, **_: Any):
        return {"session_id": session_id, "completed": completed, "interrupted": interrupted, "reason": reason, "lastAssistantMessage": self._replies.pop(session_id or "", None)}

    def session_finalize(self, session_id=None, reason=None, **_: Any):
        return {"session_id": session_id, "reason": reason}

    def session_reset(self, session_id=None, reason=None, **_: Any):
        return {"session_id": session_id, "reason": reason}

    def subagent_start(self, parent_session_id=None, child_session_id=None, **_: Any):
        if isinstance(child_session_id, str) and isinstance(parent_session_id, str) and child_session_id and parent_session_id:
            self._parents[child_session_id] = parent_session_id
        return {"session_id": child_session_id, "parent_session_id": parent_session_id}

    def subagent_stop(self, child_session_id=None, child_status=None, **_: Any):
        return {"session_id": child_session_id, "child_status": child_status}


def register(ctx) -> None:
    url = os.environ.get("SWITCHBOARD_REPORT_URL")
    token = _token()
    if not url or not token:
        return
    try:
        from hermes_cli import __version__ as version
    except Exception:
        version = ""
    sender = _Sender(url, token)
    r = _Reporter(sender, version)
    hooks = [
        ("on_session_start", r.session_start, False),
        ("pre_llm_call", r.pre_llm_call, False),
        ("pre_api_request", r.pre_api_request, False),
        ("pre_tool_call", r.pre_tool_call, False),
        ("post_tool_call", r.post_tool_call, False),
        ("pre_approval_request", r.pre_approval_request, False),
        ("post_approval_response", r.post_approval_response, False),
        ("post_llm_call", r.post_llm_call, False),
        ("on_session_end", r.session_end, False),
        # Shutdown: Hermes exits right after this hook, so it waits for the queue (at most 2 s).
        ("on_session_finalize", r.session_finalize, True),
        ("on_session_reset", r.session_reset, False),
        ("subagent_start", r.subagent_start, False),
        ("subagent_stop", r.subagent_stop, False),
    ]
    for name, shape, wait in hooks:
        ctx.register_hook(name, r.hook(name, shape, wait))
    atexit.register(sender.flush)
