"""Gymnasium's own checker on PhonegymEnv against a live `phonegym serve` (argv: url token)."""
import json
import sys

sys.path.insert(0, sys.argv[3])
from gymnasium.utils.env_checker import check_env  # noqa: E402
from phonegym_gym import PhonegymEnv, to_action  # noqa: E402

url, token = sys.argv[1], sys.argv[2]
env = PhonegymEnv(url, token, task="chat.PinChat", max_steps=6)
check_env(env, skip_render_check=True)
obs, info = env.reset(seed=3)
again, _ = env.reset(seed=3)
assert (obs["screen"] == again["screen"]).all() and obs["tree"] == again["tree"], "the same seed gave another observation"
sample = env.action_space.sample()
wire = to_action(sample)
obs2, reward, terminated, truncated, info2 = env.step({"type": "key", "key": "home"})
print(json.dumps({
    "screen": list(obs["screen"].shape), "dtype": str(obs["screen"].dtype), "tree_is_ascii": obs["tree"].isascii(),
    "in_space": bool(env.observation_space.contains(obs2)), "route": info2["route"], "goal": info["goal"],
    "sample_type": wire["type"], "reward": reward, "terminated": terminated, "truncated": truncated,
}))
env.close()
