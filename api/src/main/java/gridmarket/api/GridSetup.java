package gridmarket.api;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;

import java.util.List;

/** What a grid strategy builds its agents from, anew for every run. */
public interface GridSetup {
    /** The model's clock: agents plan their steps on it (docs/STYLE.md: same-time orderings). */
    EventClock clock();

    /** Where every job ends, completed or rejected with its reason. */
    JobLedger ledger();

    /** The machines of each site, sites in order; a job's {@code site()} indexes this list. */
    List<List<Machine>> sites();

    /** The node-level schedule of every machine, in machine index order. */
    List<MachineSchedule> schedules();

    /** The experiment's local policy. */
    LocalPolicyFactory policy();

    /** What the local policy's schedulers are made with. */
    PolicySetup policySetup();

    /**
     * The strategy's own settings: {@code strategyParameters} (or, for a strategy that reads the block
     * {@code multisite}, that block); empty if not given.
     */
    Settings settings();

    /**
     * The experiment's message market (SPEC E1-E10): a machine owner per machine, a MetaManager per site and user
     * agents, with the owner strategy, clearing rule and user strategy the experiment names. Strategy {@code market}
     * is this alone; another strategy may use it beside agents of its own. Built once per run: a second call returns
     * the same market.
     */
    Grid market();
}
