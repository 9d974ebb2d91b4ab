/**
 * gridmarket's extension API: what a researcher's jar implements to add a local policy, a grid strategy or a market
 * role that experiments name like a built-in one (docs/EXTENDING.md). Stability: the types of this package, and the
 * role interfaces and values they hand over (docs/EXTENDING.md lists them), change only with a new minor version of
 * gridmarket, and then are listed there; everything else may change at any time.
 */
package gridmarket.api;
