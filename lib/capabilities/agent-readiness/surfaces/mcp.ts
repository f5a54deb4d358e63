import { answered, probeJson } from "../probe";
import type { ReadinessCheck, ReadinessFacts, SurfaceResult } from "../types";
import { missing, notApplicable, seen, surfaceResult } from "./result";

/** The endpoint a server card names: SEP-2127 `remotes[].url`, or the older `transport.endpoint`/`url`. */
function cardEndpoint(card: Record<string, unknown>): string | null {
  const remotes = Array.isArray(card.remotes) ? (card.remotes as { url?: unknown }[]) : [];
  const transport = card.transport as { endpoint?: unknown; url?: unknown } | undefined;
  const value = remotes.find((r) => typeof r.url === "string")?.url ?? transport?.endpoint ?? transport?.url ?? card.url ?? card.endpoint;
  return typeof value === "string" ? value : null;
}

const cardName = (card: Record<string, unknown>) => {
  const info = card.serverInfo as { name?: unknown } | undefined;
  const name = card.name ?? info?.name;
  return typeof name === "string" ? name : null;
};

/**
 * MCP and agent cards: tools for agents. Applicable to SaaS (an app has actions worth exposing)
 * and to any site that declares an MCP server or agent card. An API provider's API is already
 * callable through its OpenAPI description, so MCP is optional there: not applicable unless
 * declared. The audit reads the cards only; it never connects to or calls the server.
 */
export function mcpSurface(f: ReadinessFacts): SurfaceResult {
  const card = probeJson(f.mcpCard);
  const agent = probeJson(f.agentCard);
  const cls = f.classification.class;
  const declared = !!card || !!agent;
  if (cls !== "saas" && !declared) {
    const looked = [f.mcpCard, f.agentCard].filter(Boolean).map((r) => `${new URL(r!.url).pathname}: ${r!.status ?? r!.error}`);
    return notApplicable(
      "mcp",
      cls === "api_provider"
        ? `No MCP server or agent card is declared${looked.length ? ` (${looked.join("; ")})` : ""}; the API is callable through its HTTP interface, so MCP is optional here.`
        : `A ${cls} site is not expected to offer tools to agents, so its MCP and agent cards were not looked for.`,
    );
  }
  const endpoint = card ? cardEndpoint(card) : null;
  const checks: ReadinessCheck[] = [
    {
      id: "mcp-server-card",
      weight: 3,
      pass: !!card && !!cardName(card) && !!endpoint,
      detail: !card
        ? `No MCP server card: ${missing(f.mcpCard, "/.well-known/mcp/server-card.json")}${f.mcpCardAlt ? `; ${missing(f.mcpCardAlt, "/.well-known/mcp.json")}` : ""}`
        : !cardName(card) || !endpoint
          ? "The MCP server card lacks a name or an endpoint (remotes[].url)"
          : `MCP server "${cardName(card)}" at ${endpoint}`,
      fix: 'Publish /.well-known/mcp/server-card.json: {"name":"com.example/app","version":"1.0.0","description":"…","remotes":[{"type":"streamable-http","url":"https://…/mcp"}]}.',
      evidence: [seen(f.mcpCard, card ? JSON.stringify(card).slice(0, 300) : answered(f.mcpCard) ? "not JSON" : "none")],
    },
  ];
  if (f.agentCard) {
    const ok =
      !!agent &&
      typeof agent.name === "string" &&
      typeof agent.description === "string" &&
      (Array.isArray(agent.skills) || Array.isArray(agent.supportedInterfaces) || typeof agent.url === "string");
    checks.push({
      id: "a2a-agent-card",
      weight: 1,
      pass: ok,
      detail: ok
        ? `A2A agent card "${agent!.name as string}"`
        : `No usable A2A agent card: ${agent ? "name, description or skills missing" : missing(f.agentCard, "/.well-known/agent-card.json")}`,
      fix: "Publish /.well-known/agent-card.json (A2A) with name, description, version, supportedInterfaces and skills, if the site runs an agent.",
      evidence: [seen(f.agentCard, agent ? JSON.stringify(agent).slice(0, 200) : "none")],
    });
  }
  return surfaceResult("mcp", checks, "MCP and agent cards");
}
