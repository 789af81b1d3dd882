import { Router, type Request, type Response } from 'express';

/** A route handler; express 5 forwards a rejected promise to the error handler. */
export type Handler = (req: Request, res: Response) => void | Promise<void>;

interface Entry {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly params: number;
}

const toPattern = (template: string): RegExp =>
  new RegExp(
    `^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`,
  );

/**
 * The upstream API's routes as templates ('GET /api/v1/opportunity/:id'), so the request counter
 * can name a call by its template even when a fault answers it before routing.
 */
export class RouteTable {
  private readonly entries: Entry[] = [];

  /** Registers a route template. */
  add(method: string, template: string): void {
    this.entries.push({
      method,
      template,
      pattern: toPattern(template),
      params: template.split(':').length - 1,
    });
    // Literal segments beat parameters: /marketplaces/priorities before /marketplaces/:id.
    this.entries.sort((a, b) => a.params - b.params);
  }

  /** The 'METHOD /template' key of a request, or undefined when no route matches. */
  match(method: string, path: string): string | undefined {
    const entry = this.entries.find((e) => e.method === method && e.pattern.test(path));
    return entry === undefined ? undefined : `${entry.method} ${entry.template}`;
  }

  /** True when any route serves this path (whatever the method). */
  knows(path: string): boolean {
    return this.entries.some((e) => e.pattern.test(path));
  }
}

/** An express router whose routes are also written into the route table. */
export class Routes {
  readonly router = Router();

  constructor(private readonly table: RouteTable) {}

  /** A GET route. */
  get(template: string, handler: Handler): this {
    this.table.add('GET', template);
    this.router.get(template, handler);
    return this;
  }

  /** A POST route. */
  post(template: string, handler: Handler): this {
    this.table.add('POST', template);
    this.router.post(template, handler);
    return this;
  }
}
