// The benchmark's two tools written with the official TypeScript SDK (`McpServer`,
// `registerTool`), served as the SDK's examples serve them: `StdioServerTransport`, or
// Express (`createMcpExpressApp`) with a `StreamableHTTPServerTransport` per session
// (`sessionIdGenerator: randomUUID`), or, stateless, a server and a transport per request
// (`sessionIdGenerator: undefined`).
//
//   node sdk_server.mjs stdio
//   node sdk_server.mjs http PORT stateful|stateless

import { randomUUID } from "node:crypto";

import { createMcpExpressApp } from "@modelcontextprotocol/sdk/server/express.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod/v4";

import { page, pageShape, serveArgs } from "./page.mjs";

function getServer() {
  const server = new McpServer({ name: "bench-ts-sdk", version: "1.0.0" });
  const addend = (what) => z.number().int().min(-1e9).max(1e9).describe(what);
  server.registerTool(
    "add",
    {
      description:
        "Add two whole numbers and return their sum as text.\n\nUse it to check that the server answers arithmetic; it has no other effect.",
      inputSchema: { a: addend("The first addend."), b: addend("The second addend.") },
      annotations: { readOnlyHint: true },
    },
    async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }),
  );
  server.registerTool(
    "search",
    {
      description:
        "Search the benchmark's catalog; returns the first page of ten records for the query.\n\nUse it to fetch a page of about 2 KB of JSON; the records are made up from the query.",
      inputSchema: {
        query: z.string().min(1).max(200).describe("Words to look for, for example `alpha`."),
      },
      outputSchema: pageShape(z),
      annotations: { readOnlyHint: true },
    },
    async ({ query }) => {
      const structuredContent = page(query);
      return {
        content: [{ type: "text", text: JSON.stringify(structuredContent) }],
        structuredContent,
      };
    },
  );
  return server;
}

const serve = serveArgs();
if (serve.transport === "stdio") {
  await getServer().connect(new StdioServerTransport());
} else {
  const app = createMcpExpressApp();
  if (serve.stateless) {
    app.post("/mcp", async (req, res) => {
      const server = getServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => {
        transport.close();
        server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    });
  } else {
    const transports = new Map();
    app.post("/mcp", async (req, res) => {
      const sessionId = req.headers["mcp-session-id"];
      let transport = sessionId ? transports.get(sessionId) : undefined;
      if (!transport) {
        if (sessionId || !isInitializeRequest(req.body)) {
          res.status(400).json({
            jsonrpc: "2.0",
            error: { code: -32000, message: "Bad Request: No valid session ID provided" },
            id: null,
          });
          return;
        }
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => transports.set(id, transport),
        });
        transport.onclose = () => transports.delete(transport.sessionId);
        await getServer().connect(transport);
      }
      await transport.handleRequest(req, res, req.body);
    });
  }
  app.listen(serve.port, "127.0.0.1", (error) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
  });
}
