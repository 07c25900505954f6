package org.fixbench.engine.tcp;

import java.time.Instant;

import org.fixbench.engine.Order;
import org.fixbench.engine.OrderFlow;
import org.fixbench.engine.Workload;

/**
 * How long each frame of a workload is: the floor parses nothing, so both sides walk the same {@link OrderFlow} and
 * send, for its k-th order, as many bytes as that order's FIX request ({@link Workload#sampleRequest}) and its
 * report ({@link Workload#sampleReport}) hold (a 19-digit time in ClOrdID and OrigClOrdID). The fixed workload keeps
 * today's frames. The floor checks no field: a report of the right length carrying the right id is its answer.
 */
final class FrameLengths {
    private final int[] order;
    private final int[] report;
    private final int maxOrder;
    private final int maxReport;

    private FrameLengths(int[] order, int[] report) {
        this.order = order;
        this.report = report;
        int o = 0;
        int r = 0;
        for (int i = 0; i < order.length; i++) {
            o = Math.max(o, order[i]);
            r = Math.max(r, report[i]);
        }
        this.maxOrder = o;
        this.maxReport = r;
    }

    static FrameLengths of(OrderFlow flow) {
        if (flow.isFixed()) {
            return new FrameLengths(new int[] {TcpEngine.ORDER_BYTES}, new int[] {TcpEngine.REPORT_BYTES});
        }
        int[] order = new int[flow.size()];
        int[] report = new int[flow.size()];
        for (int i = 0; i < order.length; i++) {
            Order o = flow.order(i);
            String clOrdId = "1234567890123456789" + o.clOrdIdTail();
            order[i] = Workload.sampleRequest(o, clOrdId, clOrdId, 2, Instant.EPOCH).length;
            report[i] = Workload.sampleReport(o, clOrdId, clOrdId, 1, 2, Instant.EPOCH).length;
        }
        return new FrameLengths(order, report);
    }

    /** The length of the order frame at cycle position {@code at}. */
    int order(int at) {
        return order[at];
    }

    /** The length of the report frame at cycle position {@code at}. */
    int report(int at) {
        return report[at];
    }

    /** The cycle position after {@code at}. */
    int next(int at) {
        return at + 1 == order.length ? 0 : at + 1;
    }

    int maxOrder() {
        return maxOrder;
    }

    int maxReport() {
        return maxReport;
    }
}
