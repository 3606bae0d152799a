// The benchmark's two tools written with the TypeScript `fastmcp` package, served as its
// README serves them: `transportType: "stdio"`, or `"httpStream"` with sessions or with
// `stateless: true`.
//
//   node fastmcp_server.mjs stdio
//   node fastmcp_server.mjs http PORT stateful|stateless

import { FastMCP } from "fastmcp";
import { z } from "zod";

import { page, pageShape, serveArgs } from "./page.mjs";

// Warnings and errors only: by default it logs a line per stateless request, and no other
// side of the benchmark logs its requests.
const quiet = () => {};
const logger = { debug: quiet, info: quiet, log: quiet, warn: console.warn, error: console.error };
const server = new FastMCP({ name: "bench-fastmcp-ts", version: "1.0.0", logger });
const addend = (what) => z.number().int().min(-1e9).max(1e9).describe(what);

server.addTool({
  name: "add",
  description:
    "Add two whole numbers and return their sum as text.\n\nUse it to check that the server answers arithmetic; it has no other effect.",
  parameters: z.object({ a: addend("The first addend."), b: addend("The second addend.") }),
  annotations: { readOnlyHint: true },
  execute: async ({ a, b }) => String(a + b),
});

server.addTool({
  name: "search",
  description:
    "Search the benchmark's catalog; returns the first page of ten records for the query.\n\nUse it to fetch a page of about 2 KB of JSON; the records are made up from the query.",
  parameters: z.object({
    query: z.string().min(1).max(200).describe("Words to look for, for example `alpha`."),
  }),
  outputSchema: z.object(pageShape(z)),
  annotations: { readOnlyHint: true },
  execute: async ({ query }) => page(query),
});

const serve = serveArgs();
if (serve.transport === "stdio") {
  await server.start({ transportType: "stdio" });
} else {
  await server.start({
    transportType: "httpStream",
    httpStream: { port: serve.port, host: "127.0.0.1", stateless: serve.stateless },
  });
}
