/*
 * A kernel's entry points (fc__ec_kernel's point_in, verify, mul2) over the
 * two instantiations of src/ec/ec_body.h a kernel file made before
 * including this: each picks the curve's own (EC_ANY_CURVE: the one
 * instantiation for both).
 */
#if defined(EC_ANY_CURVE) /* one instantiation serves both curves */
static fc_err point_in(const fc__ec_curve *c, const uint8_t *x, const uint8_t *y, int y_odd,
                       uint64_t *xm, uint64_t *ym) {
  return ec_point_in_any(c, x, y, y_odd, xm, ym);
}
static int verify(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy, const uint8_t *e,
                  const uint8_t *r, const uint8_t *s) {
  return ec_verify_any(c, qx, qy, e, r, s);
}
static int mul2(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy, const uint8_t *u1,
                const uint8_t *u2, uint8_t *x, uint8_t *y) {
  return ec_mul2_any(c, qx, qy, u1, u2, x, y);
}
#else
static fc_err point_in(const fc__ec_curve *c, const uint8_t *x, const uint8_t *y, int y_odd,
                       uint64_t *xm, uint64_t *ym) {
  return c->bits == 256 ? ec_point_in_256(c, x, y, y_odd, xm, ym)
                        : ec_point_in_384(c, x, y, y_odd, xm, ym);
}
static int verify(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy, const uint8_t *e,
                  const uint8_t *r, const uint8_t *s) {
  return c->bits == 256 ? ec_verify_256(c, qx, qy, e, r, s) : ec_verify_384(c, qx, qy, e, r, s);
}
static int mul2(const fc__ec_curve *c, const uint64_t *qx, const uint64_t *qy, const uint8_t *u1,
                const uint8_t *u2, uint8_t *x, uint8_t *y) {
  return c->bits == 256 ? ec_mul2_256(c, qx, qy, u1, u2, x, y) : ec_mul2_384(c, qx, qy, u1, u2, x, y);
}
#endif
