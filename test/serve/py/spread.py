"""Two env servers as one pool: sessions spread over both; when both are full, AtCapacity (argv: url1 url2 token clientdir sessions)."""
import json
import sys

sys.path.insert(0, sys.argv[4])
from phonegym_env import AtCapacity, EnvServerClient, ServerPool  # noqa: E402

pool = ServerPool([EnvServerClient(sys.argv[1], sys.argv[3]), EnvServerClient(sys.argv[2], sys.argv[3])], patience_s=0)
sessions = [pool.create("chat.PinChat", seed=i, screenshot=False) for i in range(int(sys.argv[5]))]
where = [s.client.url for s in sessions]
steps = [s.step({"type": "key", "key": "home"}, screenshot=False)["info"]["steps"] for s in sessions]
try:
    pool.create("chat.PinChat", seed=9, screenshot=False)
    full = None
except AtCapacity as e:
    full = {"status": e.status, "code": e.code}
for s in sessions:
    s.close()
print(json.dumps({"where": where, "steps": steps, "full": full}))
