package org.fixbench.engine;

import java.nio.file.Path;

import org.fixbench.engine.Order.Kind;

/**
 * What a client sends, order by order: a cycle of {@link Order}s every engine's client sends in the same sequence
 * on each of its sessions (the k-th order of a session is {@link #order(long) order(k)}), each answered by the
 * ExecutionReport its kind calls for ({@link Kind}). Three workloads ({@code --workload}):
 * <ul>
 *   <li>{@code fixed}: one limit order, the {@link Workload}'s, over and over (the default);</li>
 *   <li>{@code mixed} or {@code mixed:SEED}: {@value #MIXED_ORDERS} orders drawn from a seeded random source (seed
 *       {@value #DEFAULT_SEED} unless given) at the shares of {@link #MIXED_SHARES_PERCENT}: limit and market orders,
 *       OrderCancelRequests and OrderCancelReplaceRequests, Account and TimeInForce present or not, symbols of 1 to
 *       12 characters, ClOrdIDs of varying length;</li>
 *   <li>{@code lifecycle} or {@code lifecycle:REPLACES:CANCEL_PERCENT}: each order's whole life, as a gateway can
 *       answer it without a market: a resting limit order, then {@code REPLACES} replaces of it (1 unless given, each
 *       a new price), then for {@code CANCEL_PERCENT} of the orders (100 unless given) a cancel of it, ClOrdID and
 *       OrigClOrdID chained as FIX requires ({@link OrderCursor});</li>
 *   <li>a file: the NewOrderSingles, OrderCancelRequests and OrderCancelReplaceRequests of a FIX log, in the log's
 *       order, with their own fields ({@link #replay(Path)}), sent evenly at the target rate;</li>
 *   <li>{@code paced:FILE}: the same orders at the log's own pacing ({@link #pacing(int)}): the gaps between their
 *       SendingTimes (52, else TransactTime 60), stretched or shrunk so their mean is the target rate's interval; at
 *       the log's own mean rate ({@link #recordedRatePerSecond()}) that is the log's own speed.</li>
 * </ul>
 *
 * <p>ClOrdID (11) is the intended start time in decimal; with any workload but {@code fixed} it is followed by
 * {@linkplain Order#clOrdIdTail() a tail}: {@code -}, the order's index in the cycle, and 0 to 8 letters. A client
 * reads the time back with {@link ClOrdIds#leadingNumber(CharSequence)} and finds the order a report answers
 * with {@link ClOrdIds#indexOf(CharSequence)}. OrigClOrdID (41) of a cancel or replace is the ClOrdID of the session's last
 * NewOrderSingle. TransactTime (60) is the client's clock.
 *
 * <p>The server needs none of this: it answers by MsgType (35), copying ClOrdID, OrigClOrdID, Symbol, Side and
 * OrderQty ({@link Kind}).
 */
public final class OrderFlow {
    /** The orders of the {@code mixed} cycle. */
    public static final int MIXED_ORDERS = 1_000;
    /** {@code mixed} without a seed. */
    public static final long DEFAULT_SEED = 1;
    /** The {@code mixed} shares, in percent, in the order of {@link Kind}'s constants: limit, market, cancel, replace. */
    public static final int[] MIXED_SHARES_PERCENT = {60, 15, 15, 10};
    /** The resting orders of one {@code lifecycle} cycle. */
    public static final int LIFECYCLE_ORDERS = 100;
    /** The most replaces of each order a {@code lifecycle} takes. */
    public static final int MAX_LIFECYCLE_REPLACES = 100;
    /** The prefix of a {@code --workload} of orders' whole lives. */
    public static final String LIFECYCLE = "lifecycle";

    /** The longest Symbol and Account any engine's model carries (the sbe engine's 16-byte text fields). */
    public static final int MAX_TEXT_LENGTH = 16;
    /** The longest ClOrdID tail: 19 digits of time before it fill the sbe engine's 32-byte ClOrdID. */
    public static final int MAX_TAIL_LENGTH = 13;
    /** The most orders a replayed log may hold (their index fits the ClOrdID tail). */
    public static final int MAX_REPLAY_ORDERS = 1_000_000;

    private final String name;
    private final Order[] orders;
    private final boolean fixed;
    /** Paced replay: the time between order k and k+1 of the log (the last: the log's mean gap); else null. */
    private final long[] gapNanos;

    private OrderFlow(String name, Order[] orders, boolean fixed) {
        this(name, orders, fixed, null);
    }

    private OrderFlow(String name, Order[] orders, boolean fixed, long[] gapNanos) {
        this.name = name;
        this.orders = orders;
        this.fixed = fixed;
        this.gapNanos = gapNanos;
    }

    /** Today's workload: the {@link Workload}'s limit order, again and again. */
    public static OrderFlow fixed() {
        return new OrderFlow("fixed", OrderMixes.fixed(), true);
    }

    /** The seeded mix: the same seed gives the same orders, on every machine and JVM. */
    public static OrderFlow mixed(long seed) {
        return new OrderFlow("mixed:" + seed, OrderMixes.mixed(seed), false);
    }

    /**
     * Orders' whole lives: each a resting limit order, {@code replaces} replaces of it, and for {@code cancelPercent}
     * of them a cancel ({@link OrderMixes#lifecycle}).
     *
     * @throws IllegalArgumentException in one line when {@code replaces} is not 0-{@value #MAX_LIFECYCLE_REPLACES} or
     *                                  {@code cancelPercent} not 0-100
     */
    public static OrderFlow lifecycle(int replaces, int cancelPercent) {
        if (replaces < 0 || replaces > MAX_LIFECYCLE_REPLACES || cancelPercent < 0 || cancelPercent > 100) {
            throw new IllegalArgumentException("--workload " + LIFECYCLE + ":" + replaces + ":" + cancelPercent
                    + ": replaces must be 0-" + MAX_LIFECYCLE_REPLACES + " and the cancels' share 0-100 (percent)");
        }
        return new OrderFlow(LIFECYCLE + ":" + replaces + ":" + cancelPercent,
                OrderMixes.lifecycle(replaces, cancelPercent), false);
    }

    /**
     * The workload a {@code --workload} value names: {@code fixed}, {@code mixed}, {@code mixed:SEED}, a FIX log
     * file to replay, or {@code paced:FILE} to replay one at its own pacing.
     *
     * @throws IllegalArgumentException with a one-line reason (for a file: its name and the line) when it cannot be
     */
    public static OrderFlow parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("--workload: empty (" + CHOICES + ")");
        }
        if (spec.equals("fixed")) {
            return fixed();
        }
        if (spec.equals("mixed")) {
            return mixed(DEFAULT_SEED);
        }
        if (spec.startsWith("mixed:")) {
            try {
                return mixed(Long.parseLong(spec.substring("mixed:".length())));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--workload " + spec + ": the seed is not a whole number");
            }
        }
        if (spec.equals(LIFECYCLE)) {
            return lifecycle(1, 100);
        }
        if (spec.startsWith(LIFECYCLE + ":")) {
            String[] parts = spec.substring(LIFECYCLE.length() + 1).split(":", -1);
            try {
                if (parts.length != 2) {
                    throw new NumberFormatException();
                }
                return lifecycle(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--workload " + spec + ": not " + LIFECYCLE
                        + ":REPLACES:CANCEL_PERCENT (two whole numbers, e.g. " + LIFECYCLE + ":1:100)");
            }
        }
        if (spec.startsWith(PACED)) {
            String file = spec.substring(PACED.length());
            if (file.isBlank()) {
                throw new IllegalArgumentException("--workload " + spec + ": no file after " + PACED);
            }
            return replay(Path.of(file), true);
        }
        return replay(Path.of(spec));
    }

    /** How {@link #name()} ends for a replay at the log's own pacing. */
    static final String PACED_NAME_SUFFIX = " paced";

    /** Whether a workload's {@link #name()} (as results label it) is a replay at the log's own pacing. */
    public static boolean isPacedName(String name) {
        return name != null && name.endsWith(PACED_NAME_SUFFIX);
    }

    /** The prefix of a {@code --workload} that replays a log at its own pacing. */
    public static final String PACED = "paced:";
    static final String CHOICES = "fixed, mixed, mixed:SEED, lifecycle, lifecycle:REPLACES:CANCEL_PERCENT, a FIX "
            + "log file or paced:FILE";

    /**
     * The orders of a FIX log: each line holding a message ({@code 8=FIX...}, fields separated by SOH, {@code |} or
     * {@code ^A}; anything before {@code 8=} on the line, such as a timestamp, is ignored). NewOrderSingle (D),
     * OrderCancelRequest (F) and OrderCancelReplaceRequest (G) are replayed; session messages and the answers a log
     * holds (ExecutionReport 8, OrderCancelReject 9) are skipped; blank lines are skipped.
     *
     * @throws IllegalArgumentException naming the file and line: a line that is not FIX, a message type the
     *                                  workload cannot answer, a field missing or longer than the engines carry, or
     *                                  a file without a single order
     */
    public static OrderFlow replay(Path file) {
        return replay(file, false);
    }

    /**
     * {@link #replay(Path)}, and with {@code paced} the orders' times too: each order's SendingTime (52), else its
     * TransactTime (60), as {@code YYYYMMDD-HH:MM:SS} with 0, 3, 6 or 9 decimals.
     *
     * @throws IllegalArgumentException also, when paced, naming the line: an order without either time or with one
     *                                  that is not a UTC timestamp, or earlier than the order before it; and for a
     *                                  log with fewer than two orders or all at one instant
     */
    public static OrderFlow replay(Path file, boolean paced) {
        LogReplay.Replayed r = LogReplay.read(file, paced);
        return new OrderFlow(r.name(), r.orders(), false, r.gapNanos());
    }

    /**
     * How a harness spaces this workload's orders sent on {@code sessions} sessions in turn: evenly, or for a paced
     * replay the log's gaps, each gap shared by the sessions' orders of that place in the log.
     */
    public org.fixbench.harness.api.Pacing pacing(int sessions) {
        return gapNanos == null ? org.fixbench.harness.api.Pacing.EVEN
                : org.fixbench.harness.api.Pacing.ofGaps(gapNanos, sessions);
    }

    /** Whether this is a replay at the log's own pacing. */
    public boolean isPaced() {
        return gapNanos != null;
    }

    /**
     * A paced replay's own mean rate, orders per second of one session (its orders over the time from its first
     * order to its last, plus one mean gap); 0 for any other workload.
     */
    public double recordedRatePerSecond() {
        if (gapNanos == null) {
            return 0;
        }
        long span = 0;
        for (long gap : gapNanos) {
            span += gap;
        }
        return gapNanos.length * 1e9 / span;
    }

    /** How results name the workload: {@code fixed}, {@code mixed:SEED}, or {@code file:NAME sha256:HEX16}. */
    public String name() {
        return name;
    }

    /** Whether this is today's single order (engines keep their one-order path for it). */
    public boolean isFixed() {
        return fixed;
    }

    /** The orders of one cycle. */
    public int size() {
        return orders.length;
    }

    /** The {@code k}-th order a session sends (0-based), the cycle repeating. */
    public Order order(long k) {
        return orders[(int) Math.floorMod(k, (long) orders.length)];
    }

    /** How many of one cycle's orders are of {@code kind}. */
    public int count(Kind kind) {
        int n = 0;
        for (Order order : orders) {
            n += order.kind() == kind ? 1 : 0;
        }
        return n;
    }

    /** One line for a report: the name, and one cycle's orders by kind. */
    public String describe() {
        StringBuilder b = new StringBuilder(name).append(" (").append(orders.length).append(" orders a cycle: ");
        String sep = "";
        for (Kind kind : Kind.values()) {
            b.append(sep).append(count(kind)).append(' ').append(kind.description());
            sep = ", ";
        }
        b.append(')');
        if (gapNanos != null) {
            b.append(String.format(java.util.Locale.ROOT, ", at the log's own pacing stretched to the target rate"
                    + " (the log's own mean: %,.1f orders/s a session)", recordedRatePerSecond()));
        }
        return b.toString();
    }

    /**
     * Why an answer is wrong, or null when it is right: the order a ClOrdID names (by its tail) against the answer's
     * ExecType, OrdStatus and Symbol. A ClOrdID without a tail is checked against the fixed order.
     */
    public String mismatch(CharSequence clOrdId, char execType, char ordStatus, CharSequence symbol) {
        int index = fixed ? 0 : ClOrdIds.indexOf(clOrdId);
        if (index < 0 || index >= orders.length) {
            return "a report with ClOrdID " + clOrdId + ", which names no order of workload " + name;
        }
        return orders[index].mismatch(execType, ordStatus, symbol);
    }

    @Override
    public String toString() {
        return name;
    }
}
