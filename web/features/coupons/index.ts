/** Coupons (issue #5 point 6): `<CouponManager scope="coach" />` on /services, `scope="platform"` for admins. */
export { CouponManager } from './components/coupon-manager';
export type { CouponScope } from './api/coupons';
