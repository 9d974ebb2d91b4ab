/**
 * The market's roles (thesis 7.2-7.3): what a machine owner, a MetaManager's clearing and a user decide, each an
 * interface with the thesis' behaviour as one implementation. The agents carry out the protocol (messages,
 * reservations, retries); a role only decides. A researcher replaces a role by implementing its interface.
 */
package gridmarket.market.roles;
