package gridmarket.sim.engine;

import sim.engine.Schedule;
import sim.engine.Steppable;

/**
 * gridmarket's view of the MASON {@link Schedule}: integer seconds, events checked and counted.
 *
 * <p>Why a wrapper: MASON moves an event scheduled at the current time one ulp later (into another step) and returns
 * {@code false} instead of failing when it cannot schedule; both would silently break the event order. Here both are
 * errors, so "now, after X" must be planned ahead through {@link Orderings}.
 */
public final class EventClock {
    private final Schedule schedule;
    private long events;

    public EventClock(Schedule schedule) {
        this.schedule = schedule;
    }

    /** Schedules {@code event} at {@code time} seconds with the given ordering; {@code time} must be in the future. */
    public void at(long time, int ordering, Steppable event) {
        double now = schedule.getTime();
        if (now >= Schedule.EPOCH && time <= now) {
            throw new IllegalStateException("event at " + time + " is not in the future (now " + now + ")");
        }
        if (!schedule.scheduleOnce(time, ordering, event)) {
            throw new IllegalStateException("MASON refused an event at " + time);
        }
        events++;
    }

    /** The current time in seconds; {@link Long#MIN_VALUE} before the first event. */
    public long now() {
        double t = schedule.getTime();
        return t < Schedule.EPOCH ? Long.MIN_VALUE : (long) t;
    }

    /** Events scheduled so far (each runs once, unless the run is stopped early). */
    public long events() {
        return events;
    }
}
