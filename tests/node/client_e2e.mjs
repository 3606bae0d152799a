#!/usr/bin/env node
// End-to-end checks of the fixture server with the official MCP TypeScript SDK
// (`@modelcontextprotocol/sdk` 1.x, whose newest revision is 2025-11-25).
//
// Usage:
//   node client_e2e.mjs FIXTURE_SERVER --expect-server NAME/VERSION --expect-tools a,b,c
//
// Runs the same checks over two connections, stdio and Streamable HTTP. Prints one line per
// check and a closing "typescript-e2e: N passed, M failed" line; exits non-zero if any check
// failed. Run by tests/tests/e2e_typescript.rs, which installs the SDK next to a copy of this
// script (bare imports resolve from the script's directory).

import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { isDeepStrictEqual, inspect } from "node:util";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError, ProgressNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

// Upper bound of one check, so a hung server fails the run instead of hanging it.
const CHECK_TIMEOUT_MS = 30_000;
// Upper bound of connecting (spawning the server, handshake).
const CONNECT_TIMEOUT_MS = 30_000;

const ERROR_META = "mcp-tools/error";

class Failed extends Error {}

function expect(condition, message) {
  if (!condition) throw new Failed(message);
}

function expectEq(actual, expected, what) {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Failed(`${what}: expected ${inspect(expected, { depth: 6 })}, got ${inspect(actual, { depth: 6 })}`);
  }
}

function within(ms, what, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Failed(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function textOf(result) {
  expectEq(result.content?.length, 1, "number of content blocks");
  const [block] = result.content;
  expectEq(block.type, "text", "content block type");
  return block.text;
}

function expectError(result, kind) {
  expect(result.isError === true, `expected isError, got ${inspect(result, { depth: 6 })}`);
  expectEq(result._meta?.[ERROR_META]?.kind, kind, "error kind in _meta");
  return textOf(result);
}

// --- the checks --------------------------------------------------------------------------

async function checkInitialize(client, args) {
  const info = client.getServerVersion();
  expect(info !== undefined, "the server identifies itself");
  expectEq(`${info.name}/${info.version}`, args.expectServer, "server name/version");
  expect(typeof client.getServerCapabilities()?.tools === "object", "the server offers tools");
}

// Every page of tools/list, through the SDK (which caches what it reads of each tool).
async function listAllTools(client) {
  const tools = [];
  let cursor;
  for (let page = 0; ; page++) {
    expect(page < 100, "tools/list pagination does not end");
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

async function checkToolsList(client, args) {
  const tools = await listAllTools(client);
  expectEq(
    tools.map((tool) => tool.name),
    args.expectTools,
    "tools/list names in order",
  );
  for (const tool of tools) {
    expectEq(tool.inputSchema.type, "object", `${tool.name} inputSchema type`);
    expectEq(tool.inputSchema.additionalProperties, false, `${tool.name} inputSchema is closed`);
    expect(Boolean(tool.description), `${tool.name} has a description`);
  }
}

async function checkValidCall(client) {
  // The SDK checks structuredContent against the tool's outputSchema from tools/list.
  const result = await client.callTool({
    name: "shipment_get_status",
    arguments: { shipment_number: "SH-2026-000001" },
  });
  expect(result.isError !== true, `expected success: ${inspect(result, { depth: 6 })}`);
  const structured = result.structuredContent;
  expect(typeof structured === "object" && structured !== null, "structuredContent is an object");
  expectEq(structured.shipment_number, "SH-2026-000001", "shipment_number");
  expectEq(JSON.parse(textOf(result)), structured, "the text block mirrors structuredContent");
}

async function checkBadArguments(client) {
  let result = await client.callTool({
    name: "shipment_set_weight",
    arguments: { shipment_number: "SH-2026-000001", weight_kg: 45000 },
  });
  expectEq(
    expectError(result, "invalid_input"),
    "invalid input: weight_kg must be at most 30000 (kg); got 45000",
    "out-of-range message",
  );
  result = await client.callTool({
    name: "shipment_set_weight",
    arguments: { shipment_number: "SH-2026-000001", weight: 12 },
  });
  expectEq(
    expectError(result, "invalid_input").split("\n"),
    [
      "invalid input: unknown argument `weight`; did you mean `weight_kg`?",
      "missing required argument `weight_kg`",
    ],
    "one line per problem",
  );
}

async function checkUnknownTool(client) {
  let result;
  try {
    result = await client.callTool({ name: "shipment_get_stats", arguments: {} });
  } catch (err) {
    expect(err instanceof McpError, `expected an McpError, got ${inspect(err)}`);
    expectEq(err.code, ErrorCode.InvalidParams, "error code");
    // The SDK prefixes "MCP error -32602: " to the server's message.
    expect(
      err.message.includes("unknown tool `shipment_get_stats`; did you mean `shipment_get_status`"),
      `the message names the nearest tool: ${JSON.stringify(err.message)}`,
    );
    return;
  }
  throw new Failed(`expected a JSON-RPC error, got a result: ${inspect(result, { depth: 6 })}`);
}

// The SDK's own `onprogress` is not used: the SDK dispatches notifications a microtask late
// but responses at once, so progress read in the same chunk as the response finds its
// handler gone and is dropped as "unknown token" (typescript-sdk#2580), depending on how the
// pipe splits the output. This check takes progress notifications itself, with a token of
// its own: their handlers are queued as they are read, so all three have run by the time
// `callTool` returns if and only if the server sent them before the result.
async function checkProgress(client) {
  const seen = [];
  client.setNotificationHandler(ProgressNotificationSchema, ({ params }) => {
    seen.push([params.progressToken, params.progress, params.total, params.message]);
  });
  const result = await client.callTool({
    name: "diag_count_steps",
    arguments: { steps: 3 },
    _meta: { progressToken: "typescript-e2e" },
  });
  expectEq(textOf(result), "counted 3 steps", "result");
  expectEq(
    seen,
    [
      ["typescript-e2e", 1, 3, "step 1 of 3"],
      ["typescript-e2e", 2, 3, "step 2 of 3"],
      ["typescript-e2e", 3, 3, "step 3 of 3"],
    ],
    "progress notifications, all before the result",
  );
}

// Which tools run as tasks, as the SDK reads a 2025-11-25 tools/list: `depot_audit`
// (`task = "optional"`) carries `execution.taskSupport`, no other tool does. The server
// declares the Tasks extension, not 2025-11-25's `tasks.requests.tools.call`, so the SDK,
// having read both, sends the call of a marked tool without a `task`: its stream is the
// plain result (here a not-found error, which ends the call at once).
async function checkTaskMarking(client) {
  const tools = await listAllTools(client);
  const marked = Object.fromEntries(
    tools.filter((tool) => tool.execution !== undefined).map((tool) => [tool.name, tool.execution]),
  );
  expectEq(marked, { depot_audit: { taskSupport: "optional" } }, "execution of each tool");
  const messages = [];
  const stream = client.experimental.tasks.callToolStream({
    name: "depot_audit",
    arguments: { depot_code: "ZZZ9" },
  });
  for await (const message of stream) messages.push(message);
  expectEq(
    messages.map((message) => message.type),
    ["result"],
    "the stream of a call without a task",
  );
  expect(
    expectError(messages[0].result, "not_found").includes("no depot `ZZZ9`"),
    "the plain result of depot_audit",
  );
}

const CHECKS = [
  ["initialize", checkInitialize],
  ["tools/list", checkToolsList],
  ["valid call", checkValidCall],
  ["bad arguments", checkBadArguments],
  ["unknown tool", checkUnknownTool],
  ["progress", checkProgress],
  ["task marking", checkTaskMarking],
];

// --- connections -------------------------------------------------------------------------

function newClient() {
  return new Client({ name: "mcp-tools-typescript-e2e", version: "0.0.0" });
}

// Each yields { label, client, close }; `log` collects the server's stderr.
async function stdioConnection(server, log) {
  const transport = new StdioClientTransport({
    command: server,
    args: [],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "info" },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk) => log.push(chunk.toString()));
  const client = newClient();
  await within(CONNECT_TIMEOUT_MS, "connect", client.connect(transport));
  return { label: "stdio", client, close: () => client.close() };
}

async function httpConnection(server, log) {
  const process_ = spawn(server, ["--http", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "pipe"] });
  process_.stderr.on("data", (chunk) => log.push(chunk.toString()));
  const stop = async () => {
    if (process_.exitCode === null && process_.signalCode === null) {
      process_.kill("SIGTERM");
      await once(process_, "exit");
    }
  };
  try {
    const lines = createInterface({ input: process_.stdout });
    const [line] = await within(CONNECT_TIMEOUT_MS, "the server's URL", once(lines, "line"));
    const url = line.trim();
    expect(url.startsWith("http://127.0.0.1:") && url.endsWith("/mcp"), `the server prints its URL first, got ${url}`);
    const client = newClient();
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await within(CONNECT_TIMEOUT_MS, "connect", client.connect(transport));
    return {
      label: `streamable HTTP, ${transport.protocolVersion}`,
      client,
      close: async () => {
        await client.close();
        await stop();
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

const CONNECTIONS = [
  ["stdio", stdioConnection],
  ["streamable HTTP", httpConnection],
];

// --- runner ------------------------------------------------------------------------------

function parseArgs(argv) {
  const args = { server: undefined, expectServer: undefined, expectTools: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--expect-server") args.expectServer = argv[++i];
    else if (arg === "--expect-tools") args.expectTools = argv[++i]?.split(",");
    else if (args.server === undefined && !arg.startsWith("--")) args.server = arg;
    else throw new Error(`unexpected argument ${arg}`);
  }
  if (!args.server || !args.expectServer || !args.expectTools) {
    throw new Error("usage: client_e2e.mjs FIXTURE_SERVER --expect-server NAME/VERSION --expect-tools a,b,c");
  }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const log = [];
  let passed = 0;
  let failed = 0;
  for (const [name, connect] of CONNECTIONS) {
    let label = name;
    let connection;
    try {
      connection = await connect(args.server, log);
      label = connection.label;
      for (const [check, run] of CHECKS) {
        const started = performance.now();
        try {
          await within(CHECK_TIMEOUT_MS, check, run(connection.client, args));
          passed++;
          console.log(`ok   [${label}] ${check} (${Math.round(performance.now() - started)} ms)`);
        } catch (err) {
          failed++;
          console.log(`FAIL [${label}] ${check}: ${err instanceof Failed ? err.message : inspect(err)}`);
        }
      }
    } catch (err) {
      failed++;
      console.log(`FAIL [${label}] connection: ${inspect(err)}`);
    } finally {
      await connection?.close();
    }
  }
  if (failed) {
    console.log("--- server log ---");
    console.log(log.join("").slice(-20_000));
  }
  console.log(`typescript-e2e: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
