package org.fixbench.engine.sbe.app;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.codec.FixMessage;
import org.fixbench.engine.sbe.codec.FixWriter;
import org.fixbench.engine.sbe.codec.RejectReason;
import org.fixbench.engine.sbe.codec.UtcTimeWriter;
import org.fixbench.engine.sbe.dictionary.FixDictionary;
import org.fixbench.engine.sbe.dictionary.Validator;
import org.fixbench.engine.sbe.model.DecimalDecoder;
import org.fixbench.engine.sbe.model.ExecType;
import org.fixbench.engine.sbe.model.ExecutionReportDecoder;
import org.fixbench.engine.sbe.model.ExecutionReportEncoder;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdStatus;
import org.fixbench.engine.sbe.session.SessionConfig;

/**
 * What the sbe server does with one order, as public steps: the server's {@link ReportApplication} runs them, and
 * the codec benchmarks call them, so "sbe parse" and "sbe encode" time the code the server runs.
 *
 * <ol>
 *   <li>{@link #parse}: index the fields with the CheckSum ({@link FixMessage#index}), validate against the dictionary
 *       when the profile validates ({@link Validator}), then {@link #decode}. The session takes the first two steps
 *       itself (between them it checks numbers, CompIDs and times), with the same methods.</li>
 *   <li>{@link #decode}: the order into the SBE model ({@link OrderCodec}); a failure says why in the session's
 *       words ({@link #failure()}, {@link #errorTag()}, {@link #failureText()}).</li>
 *   <li>{@link #reportBody}: the ExecutionReport built in the model from the order (ClOrdID, Symbol, Side, OrderQty
 *       copied; OrderID and ExecID counted; TransactTime the given time) and written as the body of a message the
 *       session has begun.</li>
 * </ol>
 *
 * <p>Allocation-free. Not thread-safe: one per session thread.
 */
public final class OrderPath {
    private static final byte[] ORDER_ID_PREFIX = Workload.ORDER_ID_PREFIX.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EXEC_ID_PREFIX = Workload.EXEC_ID_PREFIX.getBytes(StandardCharsets.US_ASCII);

    private final FixDictionary dictionary;
    private final boolean validate;
    private final FixMessage message;
    private final Validator validator;
    private final OrderCodec codec;
    private final UnsafeBuffer orderBuffer = new UnsafeBuffer(new byte[NewOrderSingleEncoder.BLOCK_LENGTH + 8]);
    private final UnsafeBuffer reportBuffer = new UnsafeBuffer(new byte[ExecutionReportEncoder.BLOCK_LENGTH + 8]);
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final NewOrderSingleDecoder orderView = new NewOrderSingleDecoder();
    private final ExecutionReportEncoder report = new ExecutionReportEncoder();
    private final ExecutionReportDecoder reportView = new ExecutionReportDecoder();
    private final UtcTimeWriter transactTime = new UtcTimeWriter();
    private long counter;

    public OrderPath(SessionConfig config) {
        this.dictionary = config.dictionary();
        this.validate = config.validate();
        this.message = new FixMessage(config.maxMessageBytes() / 4 + 2);
        this.validator = new Validator(config.dictionary());
        this.codec = new OrderCodec();
        order.wrap(orderBuffer, 0);
        orderView.wrap(orderBuffer, 0, NewOrderSingleEncoder.BLOCK_LENGTH, NewOrderSingleEncoder.SCHEMA_VERSION);
        report.wrap(reportBuffer, 0);
        reportView.wrap(reportBuffer, 0, ExecutionReportEncoder.BLOCK_LENGTH, ExecutionReportEncoder.SCHEMA_VERSION);
    }

    /**
     * Index, validate (when the profile validates) and decode one framed order. Returns a positive number when the
     * order is in the model; -1 when it does not index or its CheckSum is wrong (the session ignores such input);
     * -2 when the dictionary rejects it ({@link #validator()} says why); -3 when the decode fails ({@link #failure()}).
     */
    public int parse(DirectBuffer buffer, int offset, int length) {
        if (message.index(buffer, offset, length, dictionary) < 0 || !message.checksumMatches()) {
            return -1;
        }
        if (validate && !validator.validate(message)) {
            return -2;
        }
        return decode(message) ? 1 : -3;
    }

    /** The order in {@code message} into the model; false (and {@link #failure()}) when it cannot be. */
    public boolean decode(FixMessage indexed) {
        order.wrap(orderBuffer, 0);
        return codec.decodeNewOrderSingle(indexed, order) > 0;
    }

    /** Whether the decoded order has the quantity the report needs. */
    public boolean hasQuantity() {
        return orderView.orderQty().mantissa() != DecimalDecoder.mantissaNullValue();
    }

    /** The decoded order's quantity (the model's mantissa). */
    public long orderQtyMantissa() {
        return orderView.orderQty().mantissa();
    }

    public RejectReason failure() {
        return codec.failure();
    }

    public int errorTag() {
        return codec.errorTag();
    }

    public String failureText() {
        return codec.failureText();
    }

    /** The validator {@link #parse} used. */
    public Validator validator() {
        return validator;
    }

    /**
     * Builds the ExecutionReport for the decoded order in the model (TransactTime {@code nowMillis}) and writes its
     * body into {@code w}, a message the session has begun.
     */
    public void reportBody(long nowMillis, FixWriter w) {
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
        int length = transactTime.format(nowMillis, reportBuffer, at);
        reportBuffer.setMemory(at + length, ExecutionReportEncoder.transactTimeLength() - length, (byte) 0);
        OrderCodec.executionReportBody(reportView, w);
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
}
