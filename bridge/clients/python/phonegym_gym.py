"""A Gymnasium `Env` over a `phonegym serve` session (needs gymnasium, numpy and Pillow).

    import gymnasium
    from phonegym_gym import PhonegymEnv

    env = PhonegymEnv("http://127.0.0.1:8765", token, task="chat.PinChat")
    obs, info = env.reset(seed=3)        # obs["screen"]: uint8 (800, 360, 3); obs["tree"]: the UI tree as ASCII JSON
    obs, reward, terminated, truncated, info = env.step({"type": 2, "x": [0.5], "y": [0.3], ...})

Observation space: `Dict(screen=Box(0, 255, (800, 360, 3), uint8), tree=Text)` (`observation="screen"`
gives the Box alone). The tree is JSON with non-ASCII characters escaped (`\\u8f7b`), so it stays
in the Text space's printable-ASCII charset; `json.loads` gives it back as it was.

Action space: a `Dict` over phonegym's Action union. `type` picks the action; the fields it does
not use are ignored:

    type   Discrete(12): ACTION_TYPES[type] (tap, double_tap, long_press, swipe, drag, type, key,
           open_app, wait, answer, complete, abort)
    x, y   Box(0, 1, (1,)): where, as a fraction of the screen (tap, double_tap, long_press; the
           start of swipe and drag; where to tap before typing)
    x2, y2 Box(0, 1, (1,)): where a swipe or drag ends
    text   Text: what to type, or the answer (printable ASCII; `\\uXXXX` escapes for other
           characters, as in JSON)
    key    Discrete(4): back, home, recent, enter
    app    Discrete(len(APPS)): which app open_app opens
    ms     Box(0, 10000, (1,)): how long a wait is (virtual time)

`to_action(a)` turns one sample into the JSON action the server takes; `PhonegymEnv.step` also
takes that JSON directly (a dict with a string "type").
"""

from __future__ import annotations

import io
import json
import string
from typing import Any, Dict, Optional, Tuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from PIL import Image

from phonegym_env import EnvServerClient, Session

__all__ = ["PhonegymEnv", "ACTION_TYPES", "KEYS", "APPS", "to_action"]

WIDTH, HEIGHT = 360, 800
ACTION_TYPES = ("tap", "double_tap", "long_press", "swipe", "drag", "type", "key", "open_app", "wait", "answer", "complete", "abort")
KEYS = ("back", "home", "recent", "enter")
APPS = ("chat", "contacts", "settings", "wallet", "shop", "railway", "notes", "calendar", "answers")
TEXT_CHARSET = string.printable
MAX_TEXT = 64
MAX_TREE = 200_000


def _unescape(text: str) -> str:
    """`\\uXXXX` escapes in typed text (the Text space is ASCII) back to their characters."""
    if "\\u" not in text:
        return text
    try:
        return json.loads('"%s"' % text.replace('"', '\\"'))
    except ValueError:
        return text


def to_action(a: Dict[str, Any]) -> Dict[str, Any]:
    """One sample of the action space as the JSON action the server takes (coordinates in CSS pixels)."""
    kind = ACTION_TYPES[int(a["type"])]

    def at(kx: str, ky: str) -> Tuple[float, float]:
        return round(float(np.asarray(a[kx]).reshape(-1)[0]) * WIDTH, 1), round(float(np.asarray(a[ky]).reshape(-1)[0]) * HEIGHT, 1)

    if kind in ("tap", "double_tap", "long_press"):
        x, y = at("x", "y")
        return {"type": kind, "x": x, "y": y}
    if kind in ("swipe", "drag"):
        (x1, y1), (x2, y2) = at("x", "y"), at("x2", "y2")
        return {"type": kind, "x1": x1, "y1": y1, "x2": x2, "y2": y2}
    if kind == "type":
        x, y = at("x", "y")
        return {"type": "type", "text": _unescape(str(a["text"])), "x": x, "y": y}
    if kind == "key":
        return {"type": "key", "key": KEYS[int(a["key"])]}
    if kind == "open_app":
        return {"type": "open_app", "app": APPS[int(a["app"])]}
    if kind == "wait":
        return {"type": "wait", "ms": float(np.asarray(a["ms"]).reshape(-1)[0])}
    if kind == "answer":
        return {"type": "answer", "text": _unescape(str(a["text"]))}
    return {"type": kind}


class PhonegymEnv(gym.Env):
    """One session of an env server as a Gymnasium Env. `reset(seed=s)` sets the task up with
    seed s (no seed: one drawn from the env's own generator), `step` performs one action."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(self, url: str, token: str, task: str, observation: str = "screen+tree",
                 reward: str = "sparse", max_steps: Optional[int] = None, params: Optional[Dict[str, Any]] = None,
                 render_mode: Optional[str] = None, wait_s: float = 0):
        if observation not in ("screen", "screen+tree"):
            raise ValueError('observation must be "screen" or "screen+tree", not %r' % (observation,))
        self.client = EnvServerClient(url, token)
        self.task = task
        self.options: Dict[str, Any] = {"reward": reward}
        if max_steps is not None:
            self.options["max_steps"] = max_steps
        if params is not None:
            self.options["params"] = params
        self.wait_s = wait_s
        self.render_mode = render_mode
        self.observation_kind = observation
        screen = spaces.Box(0, 255, (HEIGHT, WIDTH, 3), np.uint8)
        self.observation_space = screen if observation == "screen" else spaces.Dict({
            "screen": screen,
            "tree": spaces.Text(MAX_TREE, min_length=0, charset=TEXT_CHARSET),
        })
        unit = spaces.Box(0.0, 1.0, (1,), np.float32)
        self.action_space = spaces.Dict({
            "type": spaces.Discrete(len(ACTION_TYPES)),
            "x": unit, "y": unit, "x2": unit, "y2": unit,
            "text": spaces.Text(MAX_TEXT, min_length=0, charset=TEXT_CHARSET),
            "key": spaces.Discrete(len(KEYS)),
            "app": spaces.Discrete(len(APPS)),
            "ms": spaces.Box(0.0, 10_000.0, (1,), np.float32),
        })
        self.session: Optional[Session] = None
        self._screen = np.zeros((HEIGHT, WIDTH, 3), np.uint8)

    def _observe(self, r: Dict[str, Any]) -> Any:
        o = r["observation"]
        if o.get("screenshot"):
            import base64
            img = Image.open(io.BytesIO(base64.b64decode(o["screenshot"]))).convert("RGB")
            self._screen = np.asarray(img, dtype=np.uint8).reshape(HEIGHT, WIDTH, 3)
        if self.observation_kind == "screen":
            return self._screen
        tree = json.dumps(o["tree"], ensure_ascii=True, separators=(",", ":"))
        return {"screen": self._screen, "tree": tree[:MAX_TREE]}

    @staticmethod
    def _info(r: Dict[str, Any]) -> Dict[str, Any]:
        o = r["observation"]
        return dict(r["info"], route=o["route"], goal=o["goal"], events=o["events"])

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        super().reset(seed=seed)
        task_seed = seed if seed is not None else int(self.np_random.integers(0, 2**31 - 1))
        opts = dict(self.options, **(options or {}))
        task = opts.pop("task", self.task)
        if self.session is None:
            self.session = self.client.create(task, task_seed, wait_s=self.wait_s, **opts)
            r = self.session.last
        else:
            r = self.session.reset(task, task_seed, **opts)
        return self._observe(r), self._info(r)

    def step(self, action: Dict[str, Any]):
        if self.session is None:
            raise RuntimeError("call reset() before step()")
        wire = action if isinstance(action.get("type"), str) else to_action(action)
        r = self.session.step(wire)
        terminated = bool(r["done"] and not r["truncated"])
        return self._observe(r), float(r["reward"]), terminated, bool(r["truncated"]), self._info(r)

    def render(self):
        if self.render_mode == "rgb_array":
            return self._screen.copy()
        return None

    def close(self):
        if self.session is not None:
            self.session.close()
            self.session = None
