/** Token roles of agent-console section 6; the product company is configurable in the spec. */

/** The product company; the spec writes it as {product}. */
export const PRODUCT_NAME = 'Fulcrum' as const;
export const PRODUCT_COMPANY_CODE = 'FULCRUM' as const;

export const Role = {
  COMPANY_BRIDGE: 'ROLE_COMPANY_BRIDGE',
  COMPANY_PRODUCT: `ROLE_COMPANY_${PRODUCT_COMPANY_CODE}`,
  CONSOLE_PRODUCER: 'ROLE_CONSOLE_PRODUCER',
  CONSOLE_ADMIN: 'ROLE_CONSOLE_ADMIN',
  CONSOLE_AGENCY_ADMIN: 'ROLE_CONSOLE_AGENCY_ADMIN',
  CONSOLE_CARRIER: 'ROLE_CONSOLE_CARRIER',
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES = Object.values(Role);

/** Marketplace ids per company (agent-console section 6). */
export const PRODUCT_MARKETPLACE_ID = 1 as const;
export const BRIDGE_MARKETPLACE_ID = 2 as const;
