#!/usr/bin/env node
// End-to-end checks of the fixture server with the official MCP TypeScript SDK
// (`@modelcontextprotocol/sdk` 1.x, whose newest revision is 2025-11-25).
//
// Usage:
//   node client_e2e.mjs FIXTURE_SERVER --expect-server NAME/VERSION --expect-tools a,b,c
//
// Runs the same checks over two connections, stdio and Streamable HTTP: the tools, then the
// server's prompt, its fixed and template resources, completions, and the update a
// `resources/subscribe`r hears after a tool changes a resource. Prints one line per check and a
// closing "typescript-e2e: N passed, M failed" line; exits non-zero if any check failed. Run by tests/tests/e2e_typescript.rs, which installs the SDK next to a copy of this
// script (bare imports resolve from the script's directory).

import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { isDeepStrictEqual, inspect } from "node:util";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ErrorCode,
  McpError,
  ProgressNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

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

// --- prompts and resources --------------------------------------------------------------

const PROMPT = "shipment_delay_notice";
const POLICY = "policy://shipping/handling";
const TEMPLATE = "notes://shipments/{shipment_number}";
const HANDLING_POLICY =
  "# Handling\n" +
  "Fragile parcels travel on the upper shelf and are never stacked.\n" +
  "Parcels over 30 kg need two people or the lift.\n";
const UNKNOWN_URI = "policy://shipping/returns";

const notesUri = (shipment) => `notes://shipments/${shipment}`;

// The JSON-RPC error a request must end with.
async function rpcError(what, request) {
  let result;
  try {
    result = await request;
  } catch (err) {
    expect(err instanceof McpError, `${what}: expected an McpError, got ${inspect(err)}`);
    return err;
  }
  throw new Failed(`${what}: expected a JSON-RPC error, got a result: ${inspect(result, { depth: 6 })}`);
}

async function checkPromptsList(client) {
  const { prompts } = await client.listPrompts();
  expectEq(
    prompts.map((prompt) => prompt.name),
    [PROMPT],
    "prompts/list names",
  );
  const [prompt] = prompts;
  expectEq(prompt.title, "Shipment: Delay Notice", "the prompt's title");
  expect(
    prompt.description?.startsWith("Draft the message that tells a recipient their shipment will be late."),
    `the doc comment is the description: ${JSON.stringify(prompt.description)}`,
  );
  expectEq(
    prompt.arguments,
    [
      { name: "shipment_number", description: "The late shipment, like `SH-2026-000042`.", required: true },
      { name: "days_late", description: "How many days late it will arrive, if known.", required: false },
    ],
    "the prompt's arguments",
  );
}

async function checkResourcesList(client) {
  const { resources } = await client.listResources();
  expectEq(
    resources.map((r) => [r.uri, r.name, r.mimeType]),
    [[POLICY, "handling_policy", "text/markdown"]],
    "resources/list",
  );
  expect(
    resources[0].description?.startsWith("How the depot handles parcels"),
    `the doc comment is the description: ${JSON.stringify(resources[0].description)}`,
  );
  const { resourceTemplates } = await client.listResourceTemplates();
  expectEq(
    resourceTemplates.map((t) => [t.uriTemplate, t.name, t.mimeType]),
    [[TEMPLATE, "shipment_notes", "text/plain"]],
    "resources/templates/list",
  );
}

async function checkResourcesRead(client) {
  const policy = await client.readResource({ uri: POLICY });
  expectEq(policy.contents, [{ uri: POLICY, mimeType: "text/markdown", text: HANDLING_POLICY }], "the fixed resource");
  const uri = notesUri("SH-2026-000042");
  const notes = await client.readResource({ uri });
  expectEq(
    notes.contents,
    [{ uri, mimeType: "text/plain", text: "no notes on SH-2026-000042 yet; add one with `shipment_add_note`" }],
    "a resource of the template",
  );
}

async function checkResourcesReadErrors(client) {
  let err = await rpcError("an unknown URI", client.readResource({ uri: UNKNOWN_URI }));
  expectEq(err.code, ErrorCode.InvalidParams, "error code of an unknown URI");
  expectEq(err.data, { uri: UNKNOWN_URI }, "the unknown URI in data");
  const climbing = "notes://shipments/..%2F..%2Fetc%2Fpasswd";
  err = await rpcError("a `..` variable", client.readResource({ uri: climbing }));
  expectEq(err.code, ErrorCode.InvalidParams, "error code of a `..` variable");
  expectEq(err.data, { uri: climbing }, "the refused URI in data");
  expect(
    err.message.includes("`shipment_number` holds a `..` segment, which this resource refuses"),
    `the message names the variable: ${JSON.stringify(err.message)}`,
  );
}

async function checkPromptsGet(client) {
  let got = await client.getPrompt({
    name: PROMPT,
    arguments: { shipment_number: "SH-2026-000042", days_late: "3" },
  });
  expectEq(
    got.messages,
    [
      {
        role: "user",
        content: {
          type: "text",
          text:
            "Write a short apology to the recipient of shipment SH-2026-000042: it will arrive 3 days later " +
            "than promised. Offer to re-route it to a nearer depot, and do not promise a new date.",
        },
      },
    ],
    "the prompt's messages",
  );
  got = await client.getPrompt({ name: PROMPT, arguments: { shipment_number: "SH-2026-000042" } });
  expect(
    got.messages[0].content.text.includes("it will arrive later than promised."),
    `without the optional argument: ${inspect(got.messages, { depth: 6 })}`,
  );
  const err = await rpcError(
    "a missing argument",
    client.getPrompt({ name: PROMPT, arguments: { days_late: "3" } }),
  );
  expectEq(err.code, ErrorCode.InvalidParams, "error code of a missing argument");
  // The SDK prefixes "MCP error -32602: " to the server's message.
  expect(
    err.message.endsWith(
      "invalid arguments for prompt `shipment_delay_notice`:\nmissing required argument `shipment_number`",
    ),
    `the message names the missing argument: ${JSON.stringify(err.message)}`,
  );
}

async function checkCompletion(client) {
  const prompt = { type: "ref/prompt", name: PROMPT };
  let { completion } = await client.complete({
    ref: prompt,
    argument: { name: "shipment_number", value: "SH-2026-00001" },
  });
  expectEq(
    completion,
    {
      values: Array.from({ length: 10 }, (_, i) => `SH-2026-0000${10 + i}`),
      total: 10,
      hasMore: false,
    },
    "completions of SH-2026-00001",
  );
  ({ completion } = await client.complete({
    ref: prompt,
    argument: { name: "shipment_number", value: "sh-2026-000" },
  }));
  expectEq(
    [completion.values.length, completion.values[0], completion.values.at(-1), completion.total, completion.hasMore],
    [100, "SH-2026-000001", "SH-2026-000100", 300, true],
    "completions of sh-2026-000, cut to 100",
  );
  ({ completion } = await client.complete({
    ref: { type: "ref/resource", uri: TEMPLATE },
    argument: { name: "shipment_number", value: "SH-2026-0003" },
  }));
  expectEq(completion, { values: ["SH-2026-000300"], total: 1, hasMore: false }, "completions of the template's variable");
}

// The SDK's 1.x line speaks 2025-11-25: `resources/subscribe`, then a notification to the
// session (over HTTP, on the stream the SDK opens with GET).
async function checkResourceUpdated(client) {
  const uri = notesUri("SH-2026-000007");
  const updates = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => {
    updates.push(params.uri);
  });
  await client.subscribeResource({ uri });
  const note = { shipment_number: "SH-2026-000007", text: "left at the back door" };
  const added = await client.callTool({ name: "shipment_add_note", arguments: note });
  expectEq(textOf(added), `note 1 added to ${uri}; 1 subscriber(s) told`, "the tool's result");
  for (let i = 0; i < 500 && updates.length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expectEq(updates, [uri], "notifications/resources/updated");
  await client.unsubscribeResource({ uri });
  const again = await client.callTool({ name: "shipment_add_note", arguments: { ...note, text: "signed for" } });
  expectEq(textOf(again), `note 2 added to ${uri}; 0 subscriber(s) told`, "after unsubscribing");
  const notes = await client.readResource({ uri });
  expectEq(notes.contents[0].text, "1. left at the back door\n2. signed for\n", "the notes, read back");
}

const CHECKS = [
  ["initialize", checkInitialize],
  ["tools/list", checkToolsList],
  ["valid call", checkValidCall],
  ["bad arguments", checkBadArguments],
  ["unknown tool", checkUnknownTool],
  ["progress", checkProgress],
  ["task marking", checkTaskMarking],
  ["prompts/list", checkPromptsList],
  ["resources/list, templates/list", checkResourcesList],
  ["resources/read", checkResourcesRead],
  ["resources/read errors", checkResourcesReadErrors],
  ["prompts/get", checkPromptsGet],
  ["completion/complete", checkCompletion],
  ["resource updated", checkResourceUpdated],
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

const code = await main();
// Exit now: the SDK schedules a GET reconnection (3 s, then more) after each JSON-RPC error
// that ends an SSE response stream, as if the request were unanswered (typescript-sdk#2638),
// and only the last of those timers is cleared on close, so the process would idle on timers
// aimed at servers that are already gone.
process.stdout.write("", () => process.exit(code));
