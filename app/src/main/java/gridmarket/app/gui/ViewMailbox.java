package gridmarket.app.gui;

import javax.swing.SwingUtilities;
import javax.swing.Timer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Hands views from the model thread to Swing: the newest view wins, at most one delivery is queued on the event
 * thread at a time, and deliveries are spaced in wall-clock time (as Display2D's wall-clock update rule does), so a
 * fast run never floods Swing and the last view is always shown.
 *
 * <p>The spacing matters because MASON's play thread waits for the event thread to be idle after every step: if
 * drawing took all of the event thread's time, the run would advance one step per drawing. Deliveries are therefore
 * at least {@link #MIN_INTERVAL_MS} apart and at least four times as far apart as the last delivery took to draw, so
 * the panels use at most about a quarter of the event thread.
 */
final class ViewMailbox {
    /** Least wall-clock time between two deliveries, milliseconds. */
    static final int MIN_INTERVAL_MS = 200;
    /** Most wall-clock time between two deliveries, milliseconds. */
    static final int MAX_INTERVAL_MS = 2000;

    private final AtomicReference<GridView> latest = new AtomicReference<>();
    private final AtomicBoolean queued = new AtomicBoolean();
    private final List<Consumer<GridView>> listeners = new CopyOnWriteArrayList<>();
    private long lastDelivery;
    private long interval = MIN_INTERVAL_MS;
    private volatile GridView delivered;

    /** Adds a listener, called on the event thread with each view delivered. */
    void listen(Consumer<GridView> listener) {
        listeners.add(listener);
    }

    /** Offers a view; any thread (the model thread). */
    void publish(GridView view) {
        latest.set(view);
        if (queued.compareAndSet(false, true)) {
            SwingUtilities.invokeLater(this::deliver);
        }
    }

    /** The view delivered to the listeners last, or {@code null}. */
    GridView delivered() {
        return delivered;
    }

    private void deliver() {
        long wait = lastDelivery + interval - System.currentTimeMillis();
        if (wait > 0) {
            Timer later = new Timer((int) wait, e -> deliver());
            later.setRepeats(false);
            later.start();
            return;
        }
        queued.set(false); // a view published from here on queues a new delivery
        GridView view = latest.get();
        lastDelivery = System.currentTimeMillis();
        for (Consumer<GridView> l : listeners) {
            l.accept(view);
        }
        delivered = view;
        // Runs after the repaints the listeners asked for, which Swing queued before it: the cost of one delivery.
        long started = lastDelivery;
        SwingUtilities.invokeLater(() -> interval = Math.max(MIN_INTERVAL_MS,
                Math.min(MAX_INTERVAL_MS, 4 * (System.currentTimeMillis() - started))));
    }
}
