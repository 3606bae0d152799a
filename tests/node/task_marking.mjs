#!/usr/bin/env node
// Which tools run as tasks, as the official MCP TypeScript SDK (`@modelcontextprotocol/sdk`
// 1.x, whose newest revision is 2025-11-25) reads it from `tools/list` and acts on it.
//
// Usage:
//   node task_marking.mjs URL...
//
// Each URL serves `report_export` (`task = "optional"`), `report_rebuild`
// (`task = "required"`) and `report_lookup` (no task). Over each: tools/list carries
// `execution.taskSupport` on the first two only; the SDK refuses a plain `callTool` of the
// required one itself, before sending it, as it does for a tool it read as task-only; the
// optional one and the plain one answer a plain call. Prints one line per check and a
// closing "task-marking: N passed, M failed" line; exits non-zero if any check failed. Run
// by tests/tests/end_to_end/e2e_task_marking.rs.

import { inspect, isDeepStrictEqual } from "node:util";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

// Upper bound of one check, so a hung server fails the run instead of hanging it.
const CHECK_TIMEOUT_MS = 30_000;

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

const MONTH = { month: "2026-03" };

async function checkListing(client) {
  const { tools } = await client.listTools();
  expectEq(
    Object.fromEntries(tools.map((tool) => [tool.name, tool.execution ?? null])),
    {
      report_export: { taskSupport: "optional" },
      report_rebuild: { taskSupport: "required" },
      report_lookup: null,
    },
    "execution of each tool",
  );
}

// The SDK's own refusal (-32600, naming its task API), not the server's -32021: the SDK read
// `required` and did not send the call.
async function checkRequiredRefusedBySdk(client) {
  try {
    const result = await client.callTool({ name: "report_rebuild", arguments: { from_month: "2026-03" } });
    throw new Failed(`expected the SDK to refuse a plain call, got ${inspect(result, { depth: 6 })}`);
  } catch (err) {
    if (err instanceof Failed) throw err;
    expect(err instanceof McpError, `expected an McpError, got ${inspect(err)}`);
    expectEq(err.code, ErrorCode.InvalidRequest, `the SDK's error code (${err.message})`);
    expect(
      err.message.includes('Tool "report_rebuild" requires task-based execution'),
      `the SDK's own message: ${JSON.stringify(err.message)}`,
    );
  }
}

async function checkPlainCalls(client) {
  const exported = await client.callTool({ name: "report_export", arguments: MONTH });
  expectEq(exported.content, [{ type: "text", text: "reports/2026-03.zip" }], "report_export");
  const looked = await client.callTool({ name: "report_lookup", arguments: MONTH });
  expectEq(looked.content, [{ type: "text", text: "totals of 2026-03" }], "report_lookup");
}

const CHECKS = [
  ["tools/list marks", checkListing],
  ["required refused by the SDK", checkRequiredRefusedBySdk],
  ["plain calls", checkPlainCalls],
];

async function main() {
  const urls = process.argv.slice(2);
  if (urls.length === 0) throw new Error("usage: task_marking.mjs URL...");
  let passed = 0;
  let failed = 0;
  for (const url of urls) {
    const client = new Client({ name: "mcp-tools-task-marking", version: "0.0.0" });
    try {
      await within(CHECK_TIMEOUT_MS, "connect", client.connect(new StreamableHTTPClientTransport(new URL(url))));
      for (const [check, run] of CHECKS) {
        try {
          await within(CHECK_TIMEOUT_MS, check, run(client));
          passed++;
          console.log(`ok   [${url}] ${check}`);
        } catch (err) {
          failed++;
          console.log(`FAIL [${url}] ${check}: ${err instanceof Failed ? err.message : inspect(err)}`);
        }
      }
    } catch (err) {
      failed++;
      console.log(`FAIL [${url}] connection: ${inspect(err)}`);
    } finally {
      await client.close();
    }
  }
  console.log(`task-marking: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
