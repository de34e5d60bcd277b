/** Coupons: `<CouponManager scope="coach" />` on /services, `scope="platform"` for admins. */
export { CouponManager } from './components/coupon-manager';
export type { CouponScope } from './api/coupons';
