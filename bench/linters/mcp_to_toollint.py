"""Convert an MCP tools/list array into toollint's own tool JSON (its `tools/*.json` /
`_build/tools.json` shape: name, description, parameters[{name,type,description,required,parameters}]).

Mapping (ours, not toollint's -- toollint has no MCP reader):
  parameters      <- inputSchema.properties, in their JSON order
  required        <- name in inputSchema.required
  type            <- the property's "type" (a list is joined with "|"); "Any" if absent
  description     <- the property's "description" (None if absent)
  nested params   <- properties of an object-typed property, or of an array property's
                     object "items" (children are named by their own key, so a path reads
                     param.child); nested "required" comes from that sub-schema.
"""
import json, sys

def conv_props(schema):
    if not isinstance(schema, dict):
        return []
    props = schema.get("properties")
    if not isinstance(props, dict):
        items = schema.get("items")
        if isinstance(items, dict) and isinstance(items.get("properties"), dict):
            return conv_props(items)
        return []
    req = schema.get("required") if isinstance(schema.get("required"), list) else []
    out = []
    for name, p in props.items():
        p = p if isinstance(p, dict) else {}
        t = p.get("type", "Any")
        if isinstance(t, list):
            t = "|".join(map(str, t))
        desc = p.get("description")
        out.append({
            "name": name,
            "type": str(t),
            "description": desc if isinstance(desc, str) else None,
            "required": name in req,
            "parameters": conv_props(p),
        })
    return out

tools = json.load(open(sys.argv[1], encoding="utf-8"))
out = [{"name": t["name"], "description": t.get("description"),
        "parameters": conv_props(t.get("inputSchema") or {})} for t in tools]
json.dump(out, open(sys.argv[2], "w", encoding="utf-8"), indent=1, ensure_ascii=False)
