#!/usr/bin/env python3
"""An example remote agent: pins a chat (the built-in task chat.PinChat) by reading the UI tree.

In one terminal:
    phonegym run --agent remote --task-id chat.PinChat
and in another, with the URL and token that run printed:
    python3 bridge/clients/python/example_agent.py --url http://127.0.0.1:PORT --token TOKEN

Each turn it looks at the route and the tree: in the chat list it taps the row of the contact the
goal names (dragging the list until the row is in view), in the conversation it opens the chat
settings, there it turns on 置顶聊天 and then says COMPLETE. Any other goal it ABORTs.
"""

from __future__ import annotations

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from phonegym_remote import PhonegymClient, find_node, find_nodes, main_args, tap_node, to_action_point  # noqa: E402

GOAL = re.compile(r"把和“(.+?)”的聊天置顶")
#: Rows shorter than this (CSS px) are clipped by the list's edge: drag them into view first.
MIN_TAPPABLE = 24


def chat_row(tree, name):
    """The chat-list row of `name`: its text starts with the name, then the time and the preview."""
    rows = [n for n in find_nodes(tree, key="chat.item.*") if n.get("text", "").startswith(name)]
    exact = [n for n in rows if n["text"][len(name):][:1] in ("", " ")]
    return (exact or rows or [None])[0]


class PinChatAgent:
    def __init__(self):
        # Per episode: the list as last seen and which way we drag (turns of parallel episodes interleave).
        self.scroll = {}

    def start(self, info):
        self.scroll[info["episode"]] = {"last": None, "down": True}

    def end(self, info):
        self.scroll.pop(info["episode"], None)

    def act(self, turn):
        m = GOAL.search(turn["goal"])
        if not m:
            return {"type": "abort", "reason": "this example agent only pins chats (task chat.PinChat)"}
        name = m.group(1)
        route, tree = turn["route"], turn["tree"]
        if route["app"] != "chat":
            return {"type": "open_app", "app": "chat"}
        path = route["path"]
        if path == "/chats":
            row = chat_row(tree, name)
            if row is not None and row["bounds"]["h"] >= MIN_TAPPABLE:
                return tap_node(turn, row)
            return self.drag_list(turn, row)
        if re.fullmatch(r"/chat/[^/]+", path):
            more = find_node(tree, key="chat.more")
            return tap_node(turn, more) if more else {"type": "key", "key": "back"}
        if re.fullmatch(r"/chat/[^/]+/settings", path):
            pin = find_node(tree, key="chat.settings.pin")
            if pin is None:
                return {"type": "abort", "reason": "no 置顶聊天 switch on the chat settings screen"}
            return {"type": "complete"} if pin.get("checked") else tap_node(turn, pin)
        if path in ("/contacts", "/me"):
            tab = find_node(tree, key="tab.chats")
            if tab:
                return tap_node(turn, tab)
        return {"type": "key", "key": "back"}

    def drag_list(self, turn, row):
        """Drags the chat list one step toward the row (or down, then up, when it is not in the tree)."""
        state = self.scroll.setdefault(turn["episode"], {"last": None, "down": True})
        lst = find_node(turn["tree"], key="chat.list")
        b = lst["bounds"] if lst else {"x": 0, "y": 120, "w": turn["viewport"]["width"], "h": turn["viewport"]["height"] - 280}
        signature = [(n.get("text"), n["bounds"]["y"]) for n in turn["tree"]]
        if signature == state["last"]:
            state["down"] = not state["down"]  # the list did not move: we hit an end
        state["last"] = signature
        if row is not None:  # clipped at an edge: go toward it
            down = row["bounds"]["y"] > b["y"] + b["h"] / 2
        else:
            down = state["down"]
        mid, span = b["y"] + b["h"] / 2, b["h"] * 0.4
        sign = 1 if down else -1
        x1, y1 = to_action_point(turn, b["x"] + b["w"] / 2, mid + sign * span / 2)
        x2, y2 = to_action_point(turn, b["x"] + b["w"] / 2, mid - sign * span / 2)
        return {"type": "drag", "x1": x1, "y1": y1, "x2": x2, "y2": y2}


def main():
    args = main_args()
    client = PhonegymClient(args.url, args.token, connect_timeout=args.connect_timeout)
    client.run(PinChatAgent())


if __name__ == "__main__":
    main()
