package gridmarket.agents;

import gridmarket.sim.machine.Allocation;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * A machine owner's book of the reservations it accepted and has not started: by the hold id its MetaManager gave,
 * who to tell when one moves, and for a co-allocated part on how many machines its job runs. Moving a reservation
 * replaces its allocation only; starting or releasing one takes it out of the book.
 */
final class HeldReservations implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A reservation's request and the MetaManager that holds it for its user. */
    record Holder(long requestId, Address origin) implements Serializable {
    }

    /** Co-allocated parts (reserved or running) and on how many machines their job runs. */
    private final Map<Allocation, Integer> spread = new HashMap<>();
    private final Map<Long, Allocation> byId = new HashMap<>();
    private final Map<Allocation, Long> idOf = new HashMap<>();
    private final Map<Long, Holder> holders = new HashMap<>();
    /** Reservations that stay where they are until an instant (their origin may still release them), by hold id. */
    private final Map<Long, Long> movableFrom = new HashMap<>();

    /** Marks a part of a job that runs on {@code machines} machines (more than one). */
    void spread(Allocation part, int machines) {
        spread.put(part, machines);
    }

    /** Whether the allocation is a co-allocated part, which only moves with its job's other parts. */
    boolean coAllocated(Allocation a) {
        return spread.containsKey(a);
    }

    /**
     * Books an accepted reservation that starts later; {@code holder} is told of its moves, or {@code null}. It is not
     * moved earlier before {@code movableFrom} ({@link Long#MIN_VALUE}: at any time).
     */
    void hold(long hold, Allocation reservation, Holder holder, long movableFrom) {
        idOf.put(reservation, hold);
        byId.put(hold, reservation);
        if (holder != null) {
            holders.put(hold, holder);
        }
        if (movableFrom != Long.MIN_VALUE) {
            this.movableFrom.put(hold, movableFrom);
        }
    }

    /** Whether the owner's compression may move {@code a} earlier now: no release of it can still be under way. */
    boolean movable(Allocation a, long now) {
        if (movableFrom.isEmpty()) {
            return true;
        }
        Long id = idOf.get(a);
        Long from = id == null ? null : movableFrom.get(id);
        return from == null || now >= from;
    }

    /** The reservation of a hold id, or {@code null} if it has started or was released. */
    Allocation get(long hold) {
        return byId.get(hold);
    }

    /**
     * Puts {@code moved} in place of {@code old} (compression or a moved part).
     *
     * @return who to tell of the move, or {@code null}
     */
    Holder moved(Allocation old, Allocation moved) {
        Integer machines = spread.remove(old);
        if (machines != null) {
            spread.put(moved, machines);
        }
        Long id = idOf.remove(old);
        if (id == null) {
            return null;
        }
        idOf.put(moved, id);
        byId.put(id, moved);
        return holders.get(id);
    }

    /** The hold id of a booked reservation, or {@code null}. */
    Long idOf(Allocation a) {
        return idOf.get(a);
    }

    /**
     * Takes a reservation that starts out of the book.
     *
     * @return on how many machines its job runs, or {@code null} if on this one only
     */
    Integer started(Allocation reservation) {
        Long id = idOf.remove(reservation);
        if (id != null) {
            byId.remove(id);
            holders.remove(id);
            movableFrom.remove(id);
        }
        return spread.remove(reservation);
    }

    /**
     * Takes a released reservation out of the book.
     *
     * @return the reservation, or {@code null} if there is none (its job has started)
     */
    Allocation release(long hold) {
        Allocation reservation = byId.remove(hold);
        if (reservation != null) {
            idOf.remove(reservation);
            holders.remove(hold);
            movableFrom.remove(hold);
            spread.remove(reservation);
        }
        return reservation;
    }
}
