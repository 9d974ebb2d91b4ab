/**
 * gridmarket's extension API: what a researcher's jar implements to add a market role that experiments name like a
 * built-in one (docs/EXTENDING.md). Stability: the types of this package, and the role interfaces and values they
 * hand over ({@code gridmarket.market.roles}, {@code Request}, {@code Offer}, {@code Placement}), change only with a
 * new minor version of gridmarket, and then are listed in docs/EXTENDING.md; everything else may change at any time.
 */
package gridmarket.api;
