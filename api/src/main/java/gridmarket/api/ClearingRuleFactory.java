package gridmarket.api;

import gridmarket.market.roles.ClearingRule;

/**
 * Makes the clearing rule every MetaManager applies to its rounds' offers; named in an experiment by
 * {@code market: {clearing: NAME}} or {@code market: {clearing: {rule: NAME, ...its settings}}}.
 */
public interface ClearingRuleFactory extends Extension {
    /** The rule; its settings passed {@link #check}. */
    ClearingRule create(Settings settings);
}
