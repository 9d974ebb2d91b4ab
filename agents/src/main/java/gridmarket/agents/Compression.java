package gridmarket.agents;

import gridmarket.market.CoAllocationPlanner;
import gridmarket.market.FreeNodeWindows;
import gridmarket.market.protocol.MovePart;
import gridmarket.market.protocol.PartWindows;

/**
 * One compression of a co-allocated job (SPEC E10) at its origin: the windows its machines answered as if its parts
 * were not there, and the move of all parts to their earliest common start once every machine has answered.
 */
final class Compression {
    private final MetaManagerAgent mm;
    private final Promises promises;
    final RequestState p;
    final long start;
    final long conversation;
    final FreeNodeWindows[] windows;
    int awaiting;

    Compression(MetaManagerAgent mm, Promises promises, RequestState p, long start, long conversation) {
        this.mm = mm;
        this.promises = promises;
        this.p = p;
        this.start = start;
        this.conversation = conversation;
        this.windows = new FreeNodeWindows[p.holds.size()];
        this.awaiting = windows.length;
    }

    /** Takes one machine's answer; when all are in, moves the parts if they can start earlier together. */
    boolean answer(Address from, PartWindows pw, long now) {
        for (int i = 0; i < p.holds.size(); i++) {
            if (p.holds.get(i).owner().equals(from)) {
                windows[i] = pw.windows();
            }
        }
        if (--awaiting > 0) {
            return false;
        }
        int k = windows.length;
        int[] nodes = new int[k];
        for (int i = 0; i < k; i++) {
            if (windows[i] == null) {
                mm.record(p); // a part started or is gone: nothing moves
                return true;
            }
            nodes[i] = p.accepted.parts().get(i).placement().nodeCount();
        }
        long earlier = CoAllocationPlanner.earliestCommonStart(windows, nodes, now, start);
        if (earlier < start) {
            for (RequestState.Hold h : p.holds) {
                mm.send(h.owner(), new MovePart(p.request.requestId(), h.machine, h.id, earlier));
                h.start = earlier;
            }
            if (earlier == now) {
                promises.kept(p);
            }
        }
        mm.record(p); // the windows asked for count even when nothing moved
        return true;
    }
}
