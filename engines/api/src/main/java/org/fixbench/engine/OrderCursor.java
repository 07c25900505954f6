package org.fixbench.engine;

/**
 * One client session's place in an {@link OrderFlow}: which order comes next, its ClOrdID (the intended start time
 * and the order's tail), and the OrigClOrdID a cancel or replace refers to (the ClOrdID of the session's last new or
 * replace order: the order is known by it from then on). Texts are reused: nothing is allocated per order. One per
 * session, on the sending thread.
 */
public final class OrderCursor {
    /** OrigClOrdID of a cancel or replace before any order of the session (a replayed log may begin with one). */
    public static final String NO_ORDER_YET = "NONE";

    private final OrderFlow flow;
    private final StringBuilder clOrdId = new StringBuilder(40);
    private final StringBuilder origClOrdId = new StringBuilder(40);
    private final StringBuilder liveClOrdId = new StringBuilder(40).append(NO_ORDER_YET);
    private long sent;

    public OrderCursor(OrderFlow flow) {
        this.flow = flow;
    }

    public OrderFlow flow() {
        return flow;
    }

    /** Moves to the session's next order, whose ClOrdID carries {@code intendedStartNanos}, and returns it. */
    public Order next(long intendedStartNanos) {
        Order order = flow.order(sent++);
        clOrdId.setLength(0);
        clOrdId.append(intendedStartNanos).append(order.clOrdIdTail());
        if (order.kind().hasOrigClOrdId()) {
            origClOrdId.setLength(0);
            origClOrdId.append(liveClOrdId);
        }
        if (order.kind() != Order.Kind.CANCEL) {
            liveClOrdId.setLength(0);
            liveClOrdId.append(clOrdId);
        }
        return order;
    }

    /** The current order's ClOrdID (11). */
    public CharSequence clOrdId() {
        return clOrdId;
    }

    /** The current cancel's or replace's OrigClOrdID (41). */
    public CharSequence origClOrdId() {
        return origClOrdId;
    }

    /** Orders this session has sent. */
    public long sent() {
        return sent;
    }
}
