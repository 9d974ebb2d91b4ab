package gridmarket.results;

import gridmarket.sim.result.JobStatus;
import gridmarket.sim.result.Piece;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One row of {@code jobs.csv}: one job, or one machine's part of a co-allocated or multi-site job. The columns and
 * their order are {@link JobsCsv#COLUMNS}.
 *
 * @param jobId     the trace's job number
 * @param part      the part of a job split by trace shaping (0 if not split)
 * @param site      the name of the site the job was submitted to
 * @param user      the trace's user number
 * @param submit    submit time, seconds
 * @param start     start time, seconds (a rejected job's submit time)
 * @param end       real end time, seconds (a rejected job's submit time)
 * @param nodes     nodes held on this machine (the job's width if rejected)
 * @param runTime   the trace's run time, seconds
 * @param estimate  the user's run-time estimate, seconds
 * @param machine   the machine it ran on; empty if rejected
 * @param multisite on how many machines the job ran at once (0 if rejected)
 * @param status    completed or rejected
 * @param reason    why it was rejected, one line; empty if completed
 * @param nodeIds   the nodes held as ascending ranges, e.g. {@code 0-15;32} ({@code JobOutcome.nodeRanges()})
 * @param market    what the market traded for the job; {@code null} for other strategies
 * @param pieces    a preempted job's runs as {@code start-end} pairs, e.g. {@code 0-60;120-300}; empty for a job
 *                  that ran in one piece
 * @param cause     the rejection's cause key ({@code RejectionReason.key()}, e.g. {@code too_wide}); empty if
 *                  completed
 */
public record JobRow(long jobId, int part, String site, int user, long submit, long start, long end, int nodes,
                     long runTime, long estimate, String machine, int multisite, JobStatus status, String reason,
                     String nodeIds, Market market, String pieces, String cause) {

    public JobRow {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(nodeIds, "nodeIds");
        Objects.requireNonNull(pieces, "pieces");
        Objects.requireNonNull(cause, "cause");
    }

    /** A row of a job that ran in one piece. */
    public JobRow(long jobId, int part, String site, int user, long submit, long start, long end, int nodes,
                  long runTime, long estimate, String machine, int multisite, JobStatus status, String reason,
                  String nodeIds, Market market) {
        this(jobId, part, site, user, submit, start, end, nodes, runTime, estimate, machine, multisite, status,
                reason, nodeIds, market, "", "");
    }

    /** When the job held its nodes: its pieces if it was preempted, else {@code [start, end)}; none if rejected. */
    public List<Piece> stretches() {
        if (status != JobStatus.COMPLETED) {
            return List.of();
        }
        return pieces.isEmpty() ? List.of(new Piece(start, end)) : parsePieces(pieces);
    }

    /** The {@code pieces} cell of runs, e.g. {@code 0-60;120-300}; empty for none. */
    public static String formatPieces(List<Piece> runs) {
        StringBuilder b = new StringBuilder();
        for (Piece p : runs) {
            b.append(b.length() > 0 ? ";" : "").append(p.start()).append('-').append(p.end());
        }
        return b.toString();
    }

    /**
     * The runs of a {@code pieces} cell (not empty), read by a loop, not a regular expression: a job may have
     * thousands.
     *
     * @throws IllegalArgumentException if it is not {@code start-end;start-end...} with each end after its start
     */
    public static List<Piece> parsePieces(String cell) {
        List<Piece> out = new ArrayList<>();
        for (String piece : cell.split(";", -1)) {
            int dash = piece.indexOf('-');
            if (dash <= 0 || dash == piece.length() - 1 || !digits(piece, 0, dash)
                    || !digits(piece, dash + 1, piece.length())) {
                throw new IllegalArgumentException("not a list of pieces start-end;start-end");
            }
            out.add(new Piece(Long.parseLong(piece.substring(0, dash)), Long.parseLong(piece.substring(dash + 1))));
        }
        return List.copyOf(out);
    }

    private static boolean digits(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return to - from <= 18; // a long, never an overflow
    }

    /**
     * The market's part of a row.
     *
     * @param price         the accepted offer's price; NaN if none was accepted
     * @param utility       the user's utility of the accepted offer; NaN if none
     * @param offers        offers received over all rounds
     * @param messages      messages over all rounds
     * @param promisedStart the start the accepted offer promised; {@code null} if none
     */
    public record Market(double price, double utility, long offers, long messages, Long promisedStart) {
    }
}
