/**
 * The ids of single-use grants already used (authorization codes, rotated refresh tokens), until
 * they expire, so a replay is refused. Held in this process: see docs/mcp.md ("Sign-in") for what
 * that means behind a load balancer.
 */
export class SpentGrants {
  private readonly spent = new Map<string, number>();

  /** Marks the grant used; false when it already was. `exp` in unix seconds. */
  spend(id: string, exp: number, nowSeconds: number): boolean {
    if (this.spent.size > 1000) this.prune(nowSeconds);
    if (this.spent.has(id)) return false;
    this.spent.set(id, exp);
    return true;
  }

  private prune(nowSeconds: number): void {
    for (const [id, exp] of this.spent) if (exp <= nowSeconds) this.spent.delete(id);
  }
}
