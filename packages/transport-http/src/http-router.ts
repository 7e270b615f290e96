/**
 * The listener's routes: exact paths in one map (java-tron's ~300 servlet paths, looked up in one
 * step), and TronGrid's patterns with `:name` segments (`/v1/accounts/:address/transactions`),
 * tried in registration order. Paths are case-sensitive and a trailing slash is part of the path,
 * as in java-tron's servlet mappings. A method the route does not list falls through to "not
 * found"; HEAD is answered by a GET route (node sends no body for HEAD).
 */
import type { HandlerResult, HttpRequest } from "./http-exchange.js";

export type RouteHandler = (request: HttpRequest) => HandlerResult | Promise<HandlerResult>;

/** `"any"`: the handler answers every method itself (java-tron's servlets: 405 and GET-on-POST). */
export type RouteMethods = readonly ("GET" | "POST")[] | "any";

interface Route {
  readonly methods: RouteMethods;
  readonly handler: RouteHandler;
}

interface PatternRoute extends Route {
  /** Literal segments, or `undefined` where a parameter goes. */
  readonly segments: readonly (string | undefined)[];
  readonly names: readonly (string | undefined)[];
}

export interface RouteMatch {
  readonly handler: RouteHandler;
  readonly params: Readonly<Record<string, string>>;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

function accepts(methods: RouteMethods, method: string): boolean {
  if (methods === "any") return true;
  const asked = method === "HEAD" ? "GET" : method;
  return (methods as readonly string[]).includes(asked);
}

export class HttpRouter {
  private readonly exact = new Map<string, Route[]>();
  private readonly patterns: PatternRoute[] = [];
  /** Run when the server closes (open streams end, so the close does not wait for them). */
  private readonly closers = new Set<() => void>();

  add(methods: RouteMethods, path: string, handler: RouteHandler): void {
    if (!path.includes("/:")) {
      const routes = this.exact.get(path);
      if (routes === undefined) this.exact.set(path, [{ methods, handler }]);
      else routes.push({ methods, handler });
      return;
    }
    const parts = path.split("/");
    this.patterns.push({
      methods,
      handler,
      segments: parts.map((p) => (p.startsWith(":") ? undefined : p)),
      names: parts.map((p) => (p.startsWith(":") ? p.slice(1) : undefined)),
    });
  }

  get(path: string, handler: RouteHandler): void {
    this.add(["GET"], path, handler);
  }

  post(path: string, handler: RouteHandler): void {
    this.add(["POST"], path, handler);
  }

  /** `end` runs once when the server closes, unless removed first. Returns the remover. */
  onClose(end: () => void): () => void {
    this.closers.add(end);
    return () => this.closers.delete(end);
  }

  closeAll(): void {
    for (const end of [...this.closers]) end();
    this.closers.clear();
  }

  /**
   * The route for `method` at `path` (decoded) — or for pattern routes, at `rawPath` split into
   * segments and each segment decoded, so an escaped `/` stays inside its parameter.
   */
  find(method: string, path: string, rawPath: string): RouteMatch | undefined {
    const routes = this.exact.get(path);
    if (routes !== undefined) {
      for (const route of routes)
        if (accepts(route.methods, method)) return { handler: route.handler, params: NO_PARAMS };
      return undefined;
    }
    if (this.patterns.length === 0) return undefined;
    const parts = rawPath.split("/");
    for (const route of this.patterns) {
      if (route.segments.length !== parts.length || !accepts(route.methods, method)) continue;
      const params: Record<string, string> = {};
      let matched = true;
      for (let i = 0; i < parts.length; i++) {
        const literal = route.segments[i];
        const part = parts[i]!;
        if (literal === undefined) {
          if (part === "") {
            matched = false;
            break;
          }
          params[route.names[i]!] = decodeSegment(part);
        } else if (decodeSegment(part) !== literal) {
          matched = false;
          break;
        }
      }
      if (matched) return { handler: route.handler, params };
    }
    return undefined;
  }
}

function decodeSegment(part: string): string {
  return part.includes("%") ? decodeURIComponent(part) : part;
}
