import type { DeliveryError, DeliveryStat } from '@referrals/shared';

/** Delivery errors kept; older ones fall off, like a log table with retention. */
export const MAX_DELIVERY_ERRORS = 2_000;

/** Delivery statistics per marketplace and the delivery-error log, newest error first. */
export class DeliveryStore {
  private readonly stats = new Map<number, DeliveryStat>();
  /** Oldest first; trimmed in batches so logging stays O(1) amortised. */
  private errorLog: DeliveryError[] = [];
  private day: string | null = null;

  /** Every marketplace's statistics, by marketplace id. */
  allStats(): DeliveryStat[] {
    return [...this.stats.values()].sort((a, b) => a.marketplaceId - b.marketplaceId);
  }

  /** Statistics of one marketplace, created empty on first use. */
  stat(marketplaceId: number): DeliveryStat {
    let stat = this.stats.get(marketplaceId);
    if (stat === undefined) {
      stat = {
        marketplaceId,
        lastReferralDeliverySuccess: null,
        lastReferralDeliveryDate: null,
        totalReferralsDeliveredToday: 0,
      };
      this.stats.set(marketplaceId, stat);
    }
    return stat;
  }

  /**
   * Records one delivery attempt. Counts are per UTC day: the first attempt of a new day resets
   * every marketplace's count, as the service's daily counter does at midnight.
   */
  recordDelivery(marketplaceId: number, success: boolean, iso: string): void {
    this.rollDay(iso.slice(0, 10));
    const stat = this.stat(marketplaceId);
    stat.lastReferralDeliverySuccess = success;
    if (success) {
      stat.lastReferralDeliveryDate = iso;
      stat.totalReferralsDeliveredToday++;
    }
  }

  /** Resets daily counts when the UTC day changes. */
  rollDay(day: string): void {
    if (this.day === day) return;
    if (this.day !== null) for (const s of this.stats.values()) s.totalReferralsDeliveredToday = 0;
    this.day = day;
  }

  /** Logs a failed delivery. */
  addError(error: DeliveryError): void {
    this.errorLog.push(error);
    if (this.errorLog.length > 2 * MAX_DELIVERY_ERRORS)
      this.errorLog.splice(0, MAX_DELIVERY_ERRORS);
  }

  /** The delivery-error log, newest first. */
  errors(): readonly DeliveryError[] {
    return this.errorLog.slice(-MAX_DELIVERY_ERRORS).reverse();
  }
}
