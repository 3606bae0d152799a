"""Replay stub: a stdio MCP server that answers tools/list with a saved tools/list
result and nothing else. Used to feed saved definitions to linters whose CLI only
takes a server command. Offline: no network, no real tool execution.

usage: replay_server.py <file.json> [server-name]
  file.json: {"tools": [...]} or [...]
"""
import json
import sys

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

path = sys.argv[1]
name = sys.argv[2] if len(sys.argv) > 2 else "replay"
data = json.load(open(path, encoding="utf-8"))
raw_tools = data["tools"] if isinstance(data, dict) else data
TOOLS = [types.Tool.model_validate(t) for t in raw_tools]

server = Server(name, version="0.0.0-replay")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return TOOLS


@server.call_tool()
async def call_tool(tool_name: str, arguments: dict):
    # Never executes anything; linters that probe tools/call get a plain error.
    raise ValueError(f"replay stub: {tool_name} is not executable")


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
