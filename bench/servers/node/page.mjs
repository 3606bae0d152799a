// The page `search` returns: ten records built from the query, field for field and in the
// same order as `src/page.rs` builds it (and `python/page.py`).

export const RECORDS = 10;

export function page(query) {
  const results = [];
  for (let i = 1; i <= RECORDS; i++) {
    results.push({
      id: i,
      slug: `${query}-${i}`,
      title: `Result ${i} for ${query}`,
      summary: `Record ${i} of ${RECORDS} for the query ${query}: a fixed sentence, the same on every server, so that each side sends the same bytes.`,
      tags: [query, "bench", `group-${i % 3}`],
      score: 1000 - 37 * i,
      url: `https://example.com/search/${query}/${i}`,
    });
  }
  return { query, total: RECORDS, results };
}

// The page's shape for an `outputSchema`, with the zod the server passes in.
export function pageShape(z) {
  const record = z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    tags: z.array(z.string()),
    score: z.number().int(),
    url: z.string(),
  });
  return { query: z.string(), total: z.number().int(), results: z.array(record) };
}

// `SERVER stdio` or `SERVER http PORT stateful|stateless`, as every server of the benchmark.
export function serveArgs() {
  const args = process.argv.slice(2);
  if (args.length === 1 && args[0] === "stdio") return { transport: "stdio" };
  if (args.length === 3 && args[0] === "http" && ["stateful", "stateless"].includes(args[2])) {
    return { transport: "http", port: Number(args[1]), stateless: args[2] === "stateless" };
  }
  console.error("usage: SERVER stdio | SERVER http PORT stateful|stateless");
  process.exit(2);
}
