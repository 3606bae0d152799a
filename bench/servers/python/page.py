"""The page `search` returns: ten records built from the query, field for field and in the
same order as `src/page.rs` builds it (and `node/page.mjs`)."""

# pydantic reads `typing.TypedDict` only from Python 3.12 on.
from typing_extensions import TypedDict

RECORDS = 10


class Record(TypedDict):
    id: int
    slug: str
    title: str
    summary: str
    tags: list[str]
    score: int
    url: str


class Page(TypedDict):
    query: str
    total: int
    results: list[Record]


def page(query: str) -> Page:
    return {
        "query": query,
        "total": RECORDS,
        "results": [record(query, i) for i in range(1, RECORDS + 1)],
    }


def record(query: str, i: int) -> Record:
    return {
        "id": i,
        "slug": f"{query}-{i}",
        "title": f"Result {i} for {query}",
        "summary": f"Record {i} of {RECORDS} for the query {query}: a fixed sentence, the same on "
        "every server, so that each side sends the same bytes.",
        "tags": [query, "bench", f"group-{i % 3}"],
        "score": 1000 - 37 * i,
        "url": f"https://example.com/search/{query}/{i}",
    }
