package gridmarket.api;

import gridmarket.market.roles.ClearingRule;

/**
 * Makes the clearing rule every MetaManager applies to its rounds' offers; named in an experiment by
 * {@code market: {clearing: NAME}} or {@code market: {clearing: {rule: NAME, ...its settings}}}.
 */
public interface ClearingRuleFactory extends Extension {
    /**
     * Checks the rule's settings when the experiment is read, before any run.
     *
     * @throws SettingsException naming the key and the value it cannot take
     */
    void check(Settings settings);

    /** The rule; its settings passed {@link #check}. */
    ClearingRule create(Settings settings);
}
