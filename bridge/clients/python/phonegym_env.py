"""A client for `phonegym serve`, the env server for trainers (standard library only, Python 3.8+).

    from phonegym_env import EnvServerClient

    client = EnvServerClient("http://127.0.0.1:8765", token)
    s = client.create("chat.PinChat", seed=3, screenshot=False)
    r = s.step({"type": "open_app", "app": "chat"})        # {observation, reward, done, truncated, info}
    snap = s.snapshot()
    forks = client.fork(snap, 8)                           # 8 sessions in that state at once
    s.close()

`ServerPool` spreads sessions over several servers (one machine or many). The Gymnasium `Env`
is in phonegym_gym.py. The protocol is in docs/training.md ("The env server").
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any, Dict, List, Optional, Sequence

__all__ = ["EnvServerClient", "Session", "ServerPool", "ServerError", "AtCapacity"]


class ServerError(Exception):
    """The server refused a request: `status` (HTTP) and `code` (e.g. "bad_action", "episode_done") say why."""

    def __init__(self, message: str, status: int = 0, code: str = "", retry_after: Optional[float] = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.retry_after = retry_after


class AtCapacity(ServerError):
    """429: every phone of the server is in a session. `retry_after` is the server's hint in seconds."""


class EnvServerClient:
    """One env server. Every call is one HTTP request with the token as a Bearer header."""

    def __init__(self, url: str, token: str, timeout: float = 120.0):
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def request(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Authorization", "Bearer " + self.token)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:
                return json.loads(res.read().decode("utf-8"))
        except urllib.error.HTTPError as e:
            raw = e.read().decode("utf-8", "replace")
            try:
                err = json.loads(raw)["error"]
                message, code = err["message"], err["code"]
            except (ValueError, KeyError, TypeError):
                message, code = raw[:300] or str(e), ""
            retry = e.headers.get("Retry-After")
            cls = AtCapacity if e.code == 429 else ServerError
            raise cls(message, e.code, code, float(retry) if retry else None) from None

    def status(self) -> Dict[str, Any]:
        """What the server says at / (capacity, sessions, free, queued)."""
        return self.request("GET", "/")

    def tasks(self) -> List[str]:
        return [t["id"] for t in self.request("GET", "/v1/tasks")["tasks"]]

    def create(self, task: str, seed: int = 0, wait_s: float = 0, **options: Any) -> "Session":
        """A new session reset to `task` with `seed` (options: variant, params, screenshot, reward, max_steps, eval_mode)."""
        body = dict(options, task=task, seed=seed)
        if wait_s:
            body["wait_s"] = wait_s
        r = self.request("POST", "/v1/sessions", body)
        return Session(self, r["session"], r)

    def fork(self, snapshot: str, n: int, screenshot: bool = True) -> List["Session"]:
        """n new sessions in snapshot `snapshot`'s state (all or none: AtCapacity when fewer phones are free)."""
        r = self.request("POST", "/v1/fork", {"snapshot": snapshot, "n": n, "screenshot": screenshot})
        return [Session(self, sid, r) for sid in r["sessions"]]

    def release(self, snapshot: str) -> None:
        self.request("DELETE", "/v1/snapshots/" + snapshot)


class Session:
    """One session: a phone of the server running one task instance at a time."""

    def __init__(self, client: EnvServerClient, session_id: str, first: Dict[str, Any]):
        self.client = client
        self.id = session_id
        #: The last answer (observation, reward, done, truncated, info).
        self.last = first

    def _post(self, what: str, body: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        return self.client.request("POST", "/v1/sessions/%s/%s" % (self.id, what), body or {})

    def reset(self, task: str, seed: int = 0, **options: Any) -> Dict[str, Any]:
        self.last = self._post("reset", dict(options, task=task, seed=seed))
        return self.last

    def step(self, action: Dict[str, Any], screenshot: Optional[bool] = None) -> Dict[str, Any]:
        body: Dict[str, Any] = {"action": action}
        if screenshot is not None:
            body["screenshot"] = screenshot
        self.last = self._post("step", body)
        return self.last

    def state(self) -> Dict[str, Any]:
        return self.client.request("GET", "/v1/sessions/%s/state" % self.id)

    def snapshot(self) -> str:
        return self._post("snapshot")["snapshot"]

    def restore(self, snapshot: str, screenshot: bool = True) -> Dict[str, Any]:
        self.last = self._post("restore", {"snapshot": snapshot, "screenshot": screenshot})
        return self.last

    def close(self) -> None:
        try:
            self.client.request("DELETE", "/v1/sessions/" + self.id)
        except ServerError as e:
            if e.code not in ("session_closed", "unknown_session"):
                raise


class ServerPool:
    """Several env servers as one: each create goes to the server with the most free phones
    (asked at /ready), and to the next when one answers 429. Sessions stay on their server."""

    def __init__(self, clients: Sequence[EnvServerClient], patience_s: float = 60.0):
        if not clients:
            raise ValueError("a ServerPool needs at least one server")
        self.clients = list(clients)
        self.patience_s = patience_s

    def _free(self, c: EnvServerClient) -> int:
        try:
            with urllib.request.urlopen(c.url + "/ready", timeout=10) as res:
                return int(json.loads(res.read().decode("utf-8")).get("free", 0))
        except urllib.error.HTTPError as e:
            return 0 if e.code == 503 else -1
        except OSError:
            return -1  # unreachable: tried last

    def create(self, task: str, seed: int = 0, **options: Any) -> Session:
        deadline = time.monotonic() + self.patience_s
        while True:
            ranked = sorted(self.clients, key=lambda c: -self._free(c))
            wait = 1.0
            for c in ranked:
                try:
                    return c.create(task, seed, **options)
                except AtCapacity as e:
                    wait = min(wait, e.retry_after or 1.0)
            if time.monotonic() + wait > deadline:
                raise AtCapacity("every server of the pool is full (%d servers)" % len(self.clients), 429, "at_capacity", wait)
            time.sleep(wait)
