"""A client for phonegym's remote-agent protocol, standard library only (Python 3.8+).

`phonegym run --agent remote` prints the bridge URL and token; a client polls that bridge for
turns and answers them. Write an object with `act(turn) -> action dict` (and, if you like,
`start(info)` and `end(info)`) and hand it to `PhonegymClient(url, token).run(agent)`:

    from phonegym_remote import PhonegymClient, tap_node, find_node

    class MyAgent:
        def act(self, turn):
            node = find_node(turn["tree"], key="chat.more")
            return tap_node(turn, node) if node else {"type": "key", "key": "back"}

    PhonegymClient("http://127.0.0.1:41234", "<token>").run(MyAgent())

With `--parallel N` the turns of N episodes interleave: keep per-episode state keyed by
`turn["episode"]`, or start several clients (each gets whole episodes). The protocol is in
docs/remote-agents.md.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import socket
import sys
import time
import traceback
import urllib.error
import urllib.request
import uuid
from typing import Any, Dict, Iterable, Optional, Tuple

PROTOCOL = 1
__all__ = [
    "PROTOCOL",
    "PhonegymClient",
    "PhonegymError",
    "FormatError",
    "find_node",
    "find_nodes",
    "center",
    "to_action_point",
    "tap_node",
    "screenshot_bytes",
    "main_args",
]


class PhonegymError(Exception):
    """The bridge refused a request, or cannot be reached. `status` and `code` come from the bridge."""

    def __init__(self, message: str, status: Optional[int] = None, code: Optional[str] = None, field: Optional[str] = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.field = field


class FormatError(Exception):
    """Raise from `act` when your model's output could not be read: the episode ends as a format error."""

    def __init__(self, message: str, raw: Optional[str] = None):
        super().__init__(message)
        self.raw = raw


class _BridgeGone(Exception):
    """The bridge stopped accepting connections: the run is over."""


# ------------------------------------------------------------------------------------------------
# UI tree helpers. Tree bounds are CSS pixels of `turn["viewport"]` (360x800); actions are in
# `turn["coords"]` (x in [0, width], y in [0, height]).


def find_nodes(tree: Iterable[Dict[str, Any]], key: Optional[str] = None, text: Optional[str] = None,
               text_includes: Optional[str] = None, role: Optional[str] = None) -> list:
    """Nodes matching every criterion given. `key` may end with `*` for a prefix (`chat.item.*`)."""
    out = []
    for n in tree:
        k = n.get("key")
        if key is not None:
            if k is None:
                continue
            if key.endswith("*") and not k.startswith(key[:-1]):
                continue
            if not key.endswith("*") and k != key:
                continue
        if text is not None and n.get("text", "").strip() != text:
            continue
        if text_includes is not None and text_includes not in n.get("text", ""):
            continue
        if role is not None and n.get("role") != role:
            continue
        out.append(n)
    return out


def find_node(tree: Iterable[Dict[str, Any]], **criteria: Any) -> Optional[Dict[str, Any]]:
    """The first node matching (see find_nodes), or None."""
    nodes = find_nodes(tree, **criteria)
    return nodes[0] if nodes else None


def to_action_point(turn: Dict[str, Any], x: float, y: float) -> Tuple[float, float]:
    """A point in CSS pixels (the tree's space) in the run's action space."""
    coords, viewport = turn["coords"], turn["viewport"]
    ax = x * coords["width"] / viewport["width"]
    ay = y * coords["height"] / viewport["height"]
    if coords["space"] == "norm1":
        return round(ax, 4), round(ay, 4)
    return int(round(ax)), int(round(ay))


def center(turn: Dict[str, Any], node: Dict[str, Any]) -> Tuple[float, float]:
    """The centre of a tree node, in the run's action space."""
    b = node["bounds"]
    return to_action_point(turn, b["x"] + b["w"] / 2, b["y"] + b["h"] / 2)


def tap_node(turn: Dict[str, Any], node: Dict[str, Any]) -> Dict[str, Any]:
    """A tap action on the centre of `node`."""
    x, y = center(turn, node)
    return {"type": "tap", "x": x, "y": y}


def screenshot_bytes(turn: Dict[str, Any]) -> bytes:
    """The act turn's screenshot as JPEG bytes."""
    return base64.b64decode(turn["screenshot"])


# ------------------------------------------------------------------------------------------------


def _log(line: str) -> None:
    print(f"phonegym: {line}", file=sys.stderr, flush=True)


def _refused(e: BaseException) -> bool:
    reason = getattr(e, "reason", e)
    return isinstance(reason, (ConnectionRefusedError, FileNotFoundError)) or (
        isinstance(reason, OSError) and getattr(reason, "errno", None) in (111, 61, 10061)
    )


def _dropped(e: BaseException) -> bool:
    reason = getattr(e, "reason", e)
    return isinstance(reason, (ConnectionResetError, ConnectionAbortedError, BrokenPipeError, http.client.RemoteDisconnected, http.client.IncompleteRead))


class PhonegymClient:
    """Polls a phonegym bridge for turns and sends back answers.

    url, token: as `phonegym run --agent remote` printed them (default: $PHONEGYM_URL, $PHONEGYM_TOKEN).
    connect_timeout: how long to keep retrying while nothing listens at the URL yet (run starting).
    poll_wait: how long each poll may be held open by the bridge (seconds, at most 60).
    """

    def __init__(self, url: Optional[str] = None, token: Optional[str] = None, *, client_id: Optional[str] = None,
                 connect_timeout: float = 120.0, poll_wait: float = 25.0, log=_log):
        url = url or os.environ.get("PHONEGYM_URL")
        token = token or os.environ.get("PHONEGYM_TOKEN")
        if not url or not token:
            raise PhonegymError("give the bridge URL and token that `phonegym run --agent remote` printed "
                                "(--url and --token, or PHONEGYM_URL and PHONEGYM_TOKEN)")
        url = url.rstrip("/")
        for suffix in ("/agent/v1", "/agent"):
            if url.endswith(suffix):
                url = url[: -len(suffix)]
        self.url = url
        self.token = token
        self.client_id = client_id or f"py-{uuid.uuid4().hex[:12]}"
        self.connect_timeout = connect_timeout
        self.poll_wait = poll_wait
        self.log = log
        self._connected = False

    # -- raw protocol ----------------------------------------------------------------------------

    def _request(self, method: str, path: str, body: Optional[dict] = None, timeout: float = 30.0) -> Tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.token}",
            "Content-Type": "application/json",
            "User-Agent": f"phonegym-remote-python/{PROTOCOL}",
        })
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                raw = resp.read()
                return resp.status, (json.loads(raw) if raw else None)
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                err = json.loads(raw).get("error", {})
            except (ValueError, AttributeError):
                err = {"message": raw.decode("utf-8", "replace").strip()}
            raise PhonegymError(f"{method} {path}: {e.code} {err.get('message', '')}", e.code, err.get("code"), err.get("field")) from None

    def hello(self) -> Dict[str, Any]:
        """Checks the URL, token and protocol version, retrying while the bridge is not up yet."""
        deadline = time.monotonic() + self.connect_timeout
        wait = 0.2
        while True:
            try:
                _, info = self._request("GET", f"/agent/v1/hello?client={self.client_id}")
                break
            except (OSError, http.client.HTTPException) as e:  # URLError is an OSError
                if not (_refused(e) or _dropped(e)) or time.monotonic() > deadline:
                    raise PhonegymError(f"cannot reach the bridge at {self.url}: {getattr(e, 'reason', e)}; "
                                        "is `phonegym run --agent remote` running, and is this the URL it printed?") from None
                time.sleep(wait)  # the run is still starting: nothing listens yet
                wait = min(wait * 2, 2.0)
        if not isinstance(info, dict) or info.get("protocol") != PROTOCOL:
            theirs = info.get("protocol") if isinstance(info, dict) else info
            raise PhonegymError(f"this client speaks remote-agent protocol {PROTOCOL}, the bridge speaks {theirs}: "
                                "use phonegym_remote.py from the same phonegym checkout as the run")
        if not self._connected:
            self.log(f"connected to {self.url} as {self.client_id}")
        self._connected = True
        return info

    def next_turn(self) -> Optional[Dict[str, Any]]:
        """The next turn, or None when the bridge had nothing within poll_wait."""
        try:
            status, turn = self._request("POST", "/agent/v1/next", {"client": self.client_id, "wait_s": self.poll_wait},
                                         timeout=self.poll_wait + 30)
        except (OSError, http.client.HTTPException) as e:
            if _refused(e):
                raise _BridgeGone() from None
            if _dropped(e) or isinstance(getattr(e, "reason", e), socket.timeout):
                return None  # a dropped poll: ask again (a closed bridge then refuses)
            raise
        return turn if status == 200 else None

    def send(self, episode: str, step: int, *, action: Optional[dict] = None, thought: Optional[str] = None,
             raw: Optional[str] = None, format_error: Optional[str] = None, error: Optional[str] = None) -> None:
        """Answers an act turn with exactly one of action, format_error or error."""
        body: Dict[str, Any] = {"episode": episode, "step": step}
        for k, v in (("action", action), ("thought", thought), ("raw", raw), ("format_error", format_error), ("error", error)):
            if v is not None:
                body[k] = v
        try:
            self._request("POST", "/agent/v1/act", body)
        except (OSError, http.client.HTTPException) as e:
            if _refused(e):
                raise _BridgeGone() from None
            raise

    # -- the loop --------------------------------------------------------------------------------

    def run(self, agent: Any) -> int:
        """Serves turns to `agent` until the run is over; returns the number of episodes that ended.

        agent.act(turn) returns a phonegym action dict ({"type": "tap", "x": .., "y": ..}), or
        {"action": {...}, "thought": "...", "raw": "..."}; raising FormatError ends the episode as a
        format error, any other exception as the agent's error (the traceback is printed here).
        agent.start(info) and agent.end(info) are called if the agent has them; in a session (several
        goals on one phone, `turn["session"]`), agent.next_goal(turn) when the next goal is given
        (without it, the next act turn's `goal` is simply the new one).
        """
        self.hello()
        ended = 0
        failed: Dict[str, str] = {}  # episodes whose start() raised: their act turns answer with the error
        holding: Optional[Tuple[str, int]] = None
        try:
            while True:
                try:
                    turn = self.next_turn()
                except _BridgeGone:
                    self.log("the bridge is gone: the run is over")
                    return ended
                if turn is None:
                    continue
                kind = turn.get("type")
                ep = turn.get("episode")
                if kind == "done":
                    self.log(f"the run is over ({ended} episode(s) served)")
                    return ended
                if kind == "start":
                    self.log(f"episode {ep} ({turn.get('task_id')}): {turn.get('goal')}")
                    if hasattr(agent, "start"):
                        try:
                            agent.start(turn)
                        except Exception as e:  # the agent's own failure: report it on its first turn
                            traceback.print_exc()
                            failed[ep] = f"{type(e).__name__} in start(): {e}"
                elif kind == "act":
                    holding = (ep, turn["step"])
                    try:
                        self._answer(agent, turn, failed.get(ep))
                    except _BridgeGone:
                        self.log("the bridge is gone: the run is over")
                        return ended
                    holding = None
                elif kind == "next_goal":
                    # A session's next episode: the same phone, the same conversation, a new goal.
                    session = turn.get("session") or {}
                    self.log(f"episode {ep}: goal {session.get('episode')} of {session.get('episodes')}: {turn.get('goal')}")
                    if hasattr(agent, "next_goal"):
                        try:
                            agent.next_goal(turn)
                        except Exception as e:  # the agent's own failure: report it on the next act turn
                            traceback.print_exc()
                            failed[ep] = f"{type(e).__name__} in next_goal(): {e}"
                elif kind == "end":
                    ended += 1
                    failed.pop(ep, None)
                    self.log(f"episode {ep} ended after {turn.get('steps')} step(s) ({turn.get('reason')})")
                    if hasattr(agent, "end"):
                        try:
                            agent.end(turn)
                        except Exception:
                            traceback.print_exc()
                else:
                    self.log(f"ignoring a turn of unknown type {kind!r} (a newer bridge?)")
        except KeyboardInterrupt:
            if holding is not None:
                try:
                    self.send(holding[0], holding[1], error="the remote client was interrupted (Ctrl+C)")
                except Exception:
                    pass
            raise

    def _answer(self, agent: Any, turn: Dict[str, Any], start_error: Optional[str]) -> None:
        ep, step = turn["episode"], turn["step"]
        if start_error is not None:
            self.send(ep, step, error=start_error)
            return
        try:
            reply = agent.act(turn)
        except FormatError as e:
            self._send_checked(ep, step, format_error=str(e) or "format error", raw=e.raw)
            return
        except Exception as e:  # the agent's own failure, not the bridge's
            traceback.print_exc()
            self._send_checked(ep, step, error=f"{type(e).__name__}: {e}")
            return
        if isinstance(reply, dict) and "action" in reply and "type" not in reply:
            self._send_checked(ep, step, action=reply["action"], thought=reply.get("thought"), raw=reply.get("raw"))
        else:
            self._send_checked(ep, step, action=reply)

    def _send_checked(self, ep: str, step: int, **answer: Any) -> None:
        try:
            self.send(ep, step, **answer)
        except PhonegymError as e:
            if e.status == 401:
                raise
            # 400: the action was invalid (the episode has failed), 409: too late. Go on with the rest.
            self.log(f"the bridge refused the answer to step {step} of {ep}: {e}")


def main_args(argv=None):
    """--url/--token parsing shared by example agents."""
    import argparse

    p = argparse.ArgumentParser(description="a phonegym remote agent")
    p.add_argument("--url", default=os.environ.get("PHONEGYM_URL"), help="the bridge URL printed by `phonegym run --agent remote` (or $PHONEGYM_URL)")
    p.add_argument("--token", default=os.environ.get("PHONEGYM_TOKEN"), help="the token it printed (or $PHONEGYM_TOKEN)")
    p.add_argument("--connect-timeout", type=float, default=120.0, help="seconds to keep retrying while the run starts")
    args = p.parse_args(argv)
    if not args.url or not args.token:
        p.error("give --url and --token (or PHONEGYM_URL and PHONEGYM_TOKEN) as `phonegym run --agent remote` printed them")
    return args
