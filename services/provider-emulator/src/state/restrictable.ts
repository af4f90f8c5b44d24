/**
 * Resources whose permission an emulated restricted key can lack, with the permission Stripe
 * names in its 403 (a restricted key sets each resource to None, Read or Write).
 */
export const PERMISSIONS = { test_clocks: 'rak_test_clock_read' } as const;

export type Restrictable = keyof typeof PERMISSIONS;
export const RESTRICTABLE = Object.keys(PERMISSIONS) as Restrictable[];
