package org.fixbench.engine.sbe;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.model.ExecType;
import org.fixbench.engine.sbe.model.ExecutionReportDecoder;
import org.fixbench.engine.sbe.model.ExecutionReportEncoder;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdStatus;

/**
 * The benchmark's server application: each NewOrderSingle is parsed into the SBE model and answered with the
 * workload's ExecutionReport, built in the model and encoded from it. Nothing is allocated per order.
 */
final class ReportApplication implements FixSession.Application {
    private static final byte[] ORDER_ID_PREFIX = Workload.ORDER_ID_PREFIX.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] EXEC_ID_PREFIX = Workload.EXEC_ID_PREFIX.getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final FixCodec codec;
    private final ServerHooks hooks;
    private final UnsafeBuffer orderBuffer = new UnsafeBuffer(new byte[NewOrderSingleEncoder.BLOCK_LENGTH + 8]);
    private final UnsafeBuffer reportBuffer = new UnsafeBuffer(new byte[ExecutionReportEncoder.BLOCK_LENGTH + 8]);
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final NewOrderSingleDecoder orderView = new NewOrderSingleDecoder();
    private final ExecutionReportEncoder report = new ExecutionReportEncoder();
    private final ExecutionReportDecoder reportView = new ExecutionReportDecoder();
    private long counter;
    private final UtcTimeWriter transactTime = new UtcTimeWriter();

    ReportApplication(int maxMessageBytes, ServerHooks hooks) {
        this.codec = new FixCodec(maxMessageBytes);
        this.hooks = hooks;
        order.wrap(orderBuffer, 0);
        orderView.wrap(orderBuffer, 0, NewOrderSingleEncoder.BLOCK_LENGTH, NewOrderSingleEncoder.SCHEMA_VERSION);
        report.wrap(reportBuffer, 0);
        reportView.wrap(reportBuffer, 0, ExecutionReportEncoder.BLOCK_LENGTH, ExecutionReportEncoder.SCHEMA_VERSION);
    }

    @Override
    public boolean onMessage(FixSession session, FixMessage message) {
        if (!message.isType('D')) {
            return false;
        }
        int result = codec.decodeNewOrderSingle(message, order);
        if (result < 0) {
            RejectReason reason = rejectReason(result);
            session.reject(message, reason, codec.errorTag(), result == FixCodec.VALUE_TOO_LONG
                    ? FixCodec.describe(result) : reason.textFor(codec.errorTag()));
            return true;
        }
        if (orderView.orderQty().mantissa() == org.fixbench.engine.sbe.model.DecimalDecoder.mantissaNullValue()) {
            // the report needs the quantity: without it, the order is refused, never answered with another's
            session.reject(message, RejectReason.REQUIRED_TAG_MISSING, Tags.ORDER_QTY,
                    RejectReason.REQUIRED_TAG_MISSING.textFor(Tags.ORDER_QTY));
            return true;
        }
        hooks.orderReceived();
        long n = ++counter;
        counted(ExecutionReportEncoder.orderIdEncodingOffset(), ExecutionReportEncoder.orderIdLength(), ORDER_ID_PREFIX, n);
        copy(ExecutionReportEncoder.clOrdIdEncodingOffset(), NewOrderSingleEncoder.clOrdIdEncodingOffset(),
                NewOrderSingleEncoder.clOrdIdLength());
        counted(ExecutionReportEncoder.execIdEncodingOffset(), ExecutionReportEncoder.execIdLength(), EXEC_ID_PREFIX, n);
        report.execType(ExecType.New).ordStatus(OrdStatus.New).side(orderView.side());
        copy(ExecutionReportEncoder.symbolEncodingOffset(), NewOrderSingleEncoder.symbolEncodingOffset(),
                NewOrderSingleEncoder.symbolLength());
        long qty = orderView.orderQty().mantissa();
        byte qtyExponent = orderView.orderQty().exponent();
        report.orderQty().mantissa(qty).exponent(qtyExponent);
        report.cumQty().mantissa(Workload.CUM_QTY).exponent((byte) 0);
        report.leavesQty().mantissa(qty).exponent(qtyExponent);
        report.avgPx().mantissa(0).exponent((byte) 0);
        int at = ExecutionReportEncoder.transactTimeEncodingOffset();
        // the time the session read the order at (as Philadelphia's server stamps its reports: one clock read a poll)
        int length = transactTime.format(session.nowMillis(), reportBuffer, at);
        reportBuffer.setMemory(at + length, ExecutionReportEncoder.transactTimeLength() - length, (byte) 0);
        FixWriter w = session.begin('8' << 8);
        FixCodec.executionReportBody(reportView, w);
        session.send(hooks); // "report sending" once framed and stored, just before the socket write
        return true;
    }

    /** Writes prefix + n into a NUL-padded model field of {@code capacity} bytes (a multiple of 8). */
    private void counted(int offset, int capacity, byte[] prefix, long n) {
        MutableDirectBuffer b = reportBuffer;
        for (int w = 0; w < capacity; w += 8) {
            b.putLong(offset + w, 0L);
        }
        b.putBytes(offset, prefix);
        b.putLongAscii(offset + prefix.length, n);
    }

    /** Copies a text field of {@code capacity} bytes (a multiple of 8) from the order's model to the report's. */
    private void copy(int reportOffset, int orderOffset, int capacity) {
        for (int w = 0; w < capacity; w += 8) {
            reportBuffer.putLong(reportOffset + w, orderBuffer.getLong(orderOffset + w));
        }
    }

    static {
        // the copies above go by whole words: the model's text fields must stay multiples of 8 and alike
        if ((NewOrderSingleEncoder.clOrdIdLength() & 7) != 0 || (NewOrderSingleEncoder.symbolLength() & 7) != 0
                || (ExecutionReportEncoder.orderIdLength() & 7) != 0 || (ExecutionReportEncoder.execIdLength() & 7) != 0
                || NewOrderSingleEncoder.clOrdIdLength() != ExecutionReportEncoder.clOrdIdLength()
                || NewOrderSingleEncoder.symbolLength() != ExecutionReportEncoder.symbolLength()) {
            throw new IllegalStateException("fix44-orders.xml: text fields must be multiples of 8 bytes, alike in both"
                    + " messages");
        }
    }

    static RejectReason rejectReason(int codecResult) {
        return switch (codecResult) {
            case FixCodec.REQUIRED_TAG_MISSING -> RejectReason.REQUIRED_TAG_MISSING;
            case FixCodec.TAG_WITHOUT_VALUE -> RejectReason.TAG_WITHOUT_VALUE;
            case FixCodec.INCORRECT_DATA_FORMAT -> RejectReason.INCORRECT_DATA_FORMAT;
            case FixCodec.VALUE_INCORRECT -> RejectReason.VALUE_INCORRECT;
            case FixCodec.TAG_APPEARS_MORE_THAN_ONCE -> RejectReason.TAG_APPEARS_MORE_THAN_ONCE;
            case FixCodec.WRONG_MSG_TYPE -> RejectReason.INVALID_MSGTYPE;
            default -> RejectReason.OTHER;
        };
    }
}
