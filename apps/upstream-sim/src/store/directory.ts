import type { Agency, AgencyUser, ConsoleUser } from '@referrals/shared';

/**
 * Agencies, their users and prepaid balances: the agency-user ("iw") service and the core agency
 * lookup read from here.
 */
export class Directory {
  private readonly agencies = new Map<number, Agency>();
  private readonly balances = new Map<number, number>();
  private readonly users: AgencyUser[] = [];
  private readonly byUsername = new Map<string, AgencyUser>();
  private readonly byEmail = new Map<string, AgencyUser[]>();

  /** Adds an agency with its prepaid balance (dollars). */
  addAgency(agency: Agency, balance: number): void {
    this.agencies.set(agency.fulcrumId, agency);
    this.balances.set(agency.fulcrumId, balance);
  }

  /** Adds a user; usernames are unique, emails are matched case-insensitively. */
  addUser(user: AgencyUser): void {
    this.users.push(user);
    if (user.username !== null) this.byUsername.set(user.username, user);
    const key = user.emailAddress.toLowerCase();
    this.byEmail.set(key, [...(this.byEmail.get(key) ?? []), user]);
  }

  /** One agency, or undefined. */
  agency(id: number): Agency | undefined {
    return this.agencies.get(id);
  }

  /** Every agency, by id. */
  allAgencies(): Agency[] {
    return [...this.agencies.values()].sort((a, b) => a.fulcrumId - b.fulcrumId);
  }

  /** The prepaid balance of an agency, or undefined when the agency is unknown. */
  balance(agencyId: number): number | undefined {
    return this.balances.get(agencyId);
  }

  /** Moves a balance by `delta` dollars, rounded to cents. */
  adjustBalance(agencyId: number, delta: number): void {
    const current = this.balances.get(agencyId);
    if (current !== undefined)
      this.balances.set(agencyId, Math.round((current + delta) * 100) / 100);
  }

  /** The users of an agency, in the order they were added. */
  usersOf(agencyId: number): AgencyUser[] {
    return this.users.filter((u) => u.agencyId === agencyId);
  }

  /** Users with this email address (any case). */
  usersByEmail(email: string): AgencyUser[] {
    return this.byEmail.get(email.trim().toLowerCase()) ?? [];
  }

  /** A user by username. */
  user(username: string): AgencyUser | undefined {
    return this.byUsername.get(username);
  }

  /** The console profile of a user (GET /api/v3/user). */
  consoleUser(username: string): ConsoleUser | undefined {
    const u = this.byUsername.get(username);
    if (u === undefined) return undefined;
    return {
      username,
      firstName: u.firstName,
      lastName: u.lastName,
      agencyName: u.agencyName,
      city: u.city,
      state: u.state,
    };
  }
}
