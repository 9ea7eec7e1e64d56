"""A group rollout: 8 forks of one seed's start, each playing a different action sequence, their
rewards compared (what group-relative methods such as GRPO train on).

    phonegym serve --pages 8 &          # prints its URL and token
    python3 docs/examples/group_rollout.py --url http://127.0.0.1:8765 --token <token>

Task chat.PinChat ("pin the chat with X"): the right sequence opens the chat, its 聊天信息 and
flips 置顶聊天; the others stop short, flip the wrong switch, flip it twice, or give up.
Standard library only (phonegym_env.py); docs/training.md, "A group rollout".
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bridge", "clients", "python"))
from phonegym_env import EnvServerClient  # noqa: E402

TASK, SEED = "chat.PinChat", 3


def find(tree, key):
    return next((n for n in tree if n.get("key") == key), None)


def tap_key(session, key):
    """Taps the element with this key, dragging the list up until it shows (a few times at most)."""
    for _ in range(6):
        node = find(session.last["observation"]["tree"], key)
        if node:
            b = node["bounds"]
            return session.step({"type": "tap", "x": b["x"] + b["w"] / 2, "y": b["y"] + b["h"] / 2}, screenshot=False)
        session.step({"type": "drag", "x1": 180, "y1": 600, "x2": 180, "y2": 300}, screenshot=False)
    raise RuntimeError("no %s on screen" % key)


def plans(chat_item):
    """Eight action sequences, as (name, steps): a step is a key to tap or an action."""
    opening = [chat_item, "chat.more"]
    return [
        ("pin it", opening + ["chat.settings.pin", {"type": "complete"}]),
        ("mute instead", opening + ["chat.settings.mute", {"type": "complete"}]),
        ("say done at once", [{"type": "complete"}]),
        ("open settings, stop", opening + [{"type": "complete"}]),
        ("pin, unpin", opening + ["chat.settings.pin", "chat.settings.pin", {"type": "complete"}]),
        ("go home", [{"type": "key", "key": "home"}, {"type": "complete"}]),
        ("pin, back out", opening + ["chat.settings.pin", {"type": "key", "key": "back"}, {"type": "key", "key": "back"}, {"type": "complete"}]),
        ("give up", [{"type": "abort", "reason": "not sure"}]),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--url", default=os.environ.get("PHONEGYM_URL", "http://127.0.0.1:8765"))
    ap.add_argument("--token", default=os.environ.get("PHONEGYM_TOKEN"))
    ap.add_argument("--json", action="store_true", help="print the results as one JSON line")
    args = ap.parse_args()
    if not args.token:
        sys.exit("give --token (or PHONEGYM_TOKEN): the token phonegym serve printed")
    client = EnvServerClient(args.url, args.token)

    # One episode's start, kept as a snapshot; the group is 8 forks of it.
    origin = client.create(TASK, SEED, screenshot=False)
    chat_item = "chat.item." + origin.last["info"]["params"]["chatId"]
    start = origin.snapshot()
    origin.close()
    group = plans(chat_item)
    forks = client.fork(start, len(group), screenshot=False)
    results = []
    try:
        for (name, steps), session in zip(group, forks):
            for step in steps:
                r = tap_key(session, step) if isinstance(step, str) else session.step(step, screenshot=False)
            results.append({"plan": name, "reward": r["reward"], "steps": r["info"]["steps"], "passed": r["info"]["verdict"]["passed"]})
    finally:
        for session in forks:
            session.close()
        client.release(start)

    mean = sum(x["reward"] for x in results) / len(results)
    for x in results:
        x["advantage"] = round(x["reward"] - mean, 3)  # group-relative: each reward against the group's mean
    if args.json:
        print(json.dumps({"task": TASK, "seed": SEED, "results": results}))
    else:
        print("%s, seed %d: 8 forks of one start" % (TASK, SEED))
        for x in results:
            print("  %-20s reward %.0f  advantage %+.3f" % (x["plan"], x["reward"], x["advantage"]))


if __name__ == "__main__":
    main()
