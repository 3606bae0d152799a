"""The benchmark's two tools written with FastMCP (Python), served as its documentation
serves them: `mcp.run(transport="stdio")`, or `mcp.run(transport="http", ...)` with sessions
or with `stateless_http=True`.

    python fastmcp_server.py stdio
    python fastmcp_server.py http PORT stateful|stateless
"""

import sys
from typing import Annotated

from fastmcp import FastMCP
from pydantic import Field

from page import Page, page

mcp = FastMCP("bench-fastmcp")

Addend = Annotated[int, Field(ge=-1_000_000_000, le=1_000_000_000)]


@mcp.tool(annotations={"readOnlyHint": True})
async def add(a: Addend, b: Addend) -> str:
    """Add two whole numbers and return their sum as text.

    Use it to check that the server answers arithmetic; it has no other effect.
    """
    return str(a + b)


@mcp.tool(annotations={"readOnlyHint": True})
async def search(
    query: Annotated[
        str, Field(min_length=1, max_length=200, description="Words to look for, for example `alpha`.")
    ],
) -> Page:
    """Search the benchmark's catalog; returns the first page of ten records for the query.

    Use it to fetch a page of about 2 KB of JSON; the records are made up from the query.
    """
    return page(query)


def main() -> None:
    args = sys.argv[1:]
    if args == ["stdio"]:
        mcp.run(transport="stdio", show_banner=False)
    elif len(args) == 3 and args[0] == "http" and args[2] in ("stateful", "stateless"):
        mcp.run(
            transport="http",
            host="127.0.0.1",
            port=int(args[1]),
            stateless_http=args[2] == "stateless",
            show_banner=False,
            # No line per request on stderr: no other side logs its requests either.
            uvicorn_config={"access_log": False},
        )
    else:
        sys.exit("usage: fastmcp_server.py stdio | http PORT stateful|stateless")


if __name__ == "__main__":
    main()
