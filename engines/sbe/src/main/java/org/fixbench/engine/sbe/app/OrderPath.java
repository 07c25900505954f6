package org.fixbench.engine.sbe.app;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.RejectReason;
import org.fixbench.fix.codec.UtcTimeWriter;
import org.fixbench.fix.dictionary.FixDictionary;
import org.fixbench.fix.dictionary.Validator;
import org.fixbench.engine.sbe.model.DecimalDecoder;
import org.fixbench.engine.sbe.model.DecimalEncoder;
import org.fixbench.engine.sbe.model.ExecType;
import org.fixbench.engine.sbe.model.ExecutionReportDecoder;
import org.fixbench.engine.sbe.model.ExecutionReportEncoder;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdStatus;
import org.fixbench.fix.session.SessionConfig;

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
    private final AmendmentCodec amendments = new AmendmentCodec();
    private final UnsafeBuffer amendmentBuffer = new UnsafeBuffer(new byte[Math.max(
            AmendmentCodec.CANCEL.blockLength(), AmendmentCodec.REPLACE.blockLength()) + 8]);
    private AmendmentCodec.Layout amended = AmendmentCodec.CANCEL;
    private boolean amendmentFailed;
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
        amendmentFailed = false;
        order.wrap(orderBuffer, 0);
        return codec.decodeNewOrderSingle(indexed, order) > 0;
    }

    /**
     * An OrderCancelRequest ({@code cancel}) or OrderCancelReplaceRequest into the model
     * ({@link AmendmentCodec}); false (and {@link #failure()}) when it cannot be.
     */
    public boolean decodeAmendment(FixMessage indexed, boolean cancel) {
        amended = cancel ? AmendmentCodec.CANCEL : AmendmentCodec.REPLACE;
        boolean ok = amendments.decode(indexed, amended, amendmentBuffer, 0);
        amendmentFailed = !ok;
        return ok;
    }

    /** For tests: the OrderID and ExecID counter the next report follows. */
    void countFrom(long n) {
        counter = n;
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
        return amendmentFailed ? amendments.failure() : codec.failure();
    }

    public int errorTag() {
        return amendmentFailed ? amendments.errorTag() : codec.errorTag();
    }

    public String failureText() {
        return amendmentFailed ? amendments.failureText() : codec.failureText();
    }

    /** The validator {@link #parse} used. */
    public Validator validator() {
        return validator;
    }

    /**
     * Writes the body of the ExecutionReport for the decoded order (TransactTime {@code nowMillis}) into {@code w}, a
     * message the session has begun, from a template: the constant bytes between the values are laid out once
     * ({@link FixWriter.Constant}); per report only OrderID's and ExecID's counter, the order's ClOrdID, Symbol, Side
     * and OrderQty (from the order's model, also as LeavesQty) and TransactTime are written. The same bytes as
     * {@link #referenceReportBody} (the report built in the SBE model and written from it), which
     * {@code ReportTemplateTest} checks over generated orders.
     */
    public void reportBody(long nowMillis, FixWriter w) {
        long n = ++counter;
        int o = orderView.offset();
        DirectBuffer b = orderView.buffer();
        long qty = orderView.orderQty().mantissa();
        byte qtyExponent = orderView.orderQty().exponent();
        w.constant(REPORT_ORDER_ID).longValue(n)
                .constant(REPORT_CL_ORD_ID).textValue(b, o + NewOrderSingleDecoder.clOrdIdEncodingOffset(),
                        NewOrderSingleDecoder.clOrdIdLength())
                .constant(REPORT_EXEC_ID).longValue(n)
                .constant(REPORT_STATUS_SYMBOL).textValue(b, o + NewOrderSingleDecoder.symbolEncodingOffset(),
                        NewOrderSingleDecoder.symbolLength())
                .constant(REPORT_SIDE).charValue(orderView.sideRaw())
                .constant(REPORT_ORDER_QTY).decimalValue(qty, qtyExponent)
                .constant(REPORT_CUM_LEAVES).decimalValue(qty, qtyExponent)
                .constant(REPORT_AVG_PX_TIME).timeValue(transactTime, nowMillis);
    }

    // the report's constant bytes, in the order OrderCodec.executionReportBody writes its fields
    private static final FixWriter.Constant REPORT_ORDER_ID = FixWriter.Constant.of("37=" + Workload.ORDER_ID_PREFIX);
    private static final FixWriter.Constant REPORT_CL_ORD_ID = FixWriter.Constant.of("11=");
    private static final FixWriter.Constant REPORT_EXEC_ID = FixWriter.Constant.of("17=" + Workload.EXEC_ID_PREFIX);
    private static final FixWriter.Constant REPORT_STATUS_SYMBOL = FixWriter.Constant.of("150="
            + (char) ExecType.New.value() + "\u000139=" + (char) OrdStatus.New.value() + "\u000155=");
    private static final FixWriter.Constant REPORT_SIDE = FixWriter.Constant.of("54=");
    private static final FixWriter.Constant REPORT_ORDER_QTY = FixWriter.Constant.of("38=");
    private static final FixWriter.Constant REPORT_CUM_LEAVES = FixWriter.Constant.of("14=" + Workload.CUM_QTY
            + "\u0001151=");
    private static final FixWriter.Constant REPORT_AVG_PX_TIME = FixWriter.Constant.of("6=" + Workload.AVG_PX
            + "\u000160=");

    /**
     * The reference for {@link #reportBody}: the ExecutionReport built in the SBE model from the decoded order and
     * written from the model ({@link OrderCodec#executionReportBody}), as cancels and replaces are; advances the
     * same counter.
     */
    public void referenceReportBody(long nowMillis, FixWriter w) {
        long n = ++counter;
        counted(ExecutionReportEncoder.orderIdEncodingOffset(), ExecutionReportEncoder.orderIdLength(), ORDER_ID_PREFIX, n);
        copy(ExecutionReportEncoder.clOrdIdEncodingOffset(), NewOrderSingleEncoder.clOrdIdEncodingOffset(),
                NewOrderSingleEncoder.clOrdIdLength());
        reportBuffer.putByte(ExecutionReportEncoder.origClOrdIdEncodingOffset(), (byte) 0); // a new order has none
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

    /**
     * Builds the ExecutionReport for the decoded cancel (ExecType and OrdStatus canceled, LeavesQty 0) or replace
     * (replaced, new, LeavesQty the new quantity): ClOrdID, OrigClOrdID, Symbol, Side and OrderQty copied from it;
     * and writes its body into {@code w}, a message the session has begun.
     */
    public void amendmentReportBody(long nowMillis, FixWriter w) {
        AmendmentCodec.Layout from = amended;
        boolean cancel = from == AmendmentCodec.CANCEL;
        long n = ++counter;
        counted(ExecutionReportEncoder.orderIdEncodingOffset(), ExecutionReportEncoder.orderIdLength(), ORDER_ID_PREFIX, n);
        copy(amendmentBuffer, ExecutionReportEncoder.clOrdIdEncodingOffset(), from.clOrdId,
                ExecutionReportEncoder.clOrdIdLength());
        copy(amendmentBuffer, ExecutionReportEncoder.origClOrdIdEncodingOffset(), from.origClOrdId,
                ExecutionReportEncoder.origClOrdIdLength());
        counted(ExecutionReportEncoder.execIdEncodingOffset(), ExecutionReportEncoder.execIdLength(), EXEC_ID_PREFIX, n);
        report.execType(cancel ? ExecType.Canceled : ExecType.Replaced)
                .ordStatus(cancel ? OrdStatus.Canceled : OrdStatus.New);
        reportBuffer.putByte(ExecutionReportEncoder.sideEncodingOffset(), amendmentBuffer.getByte(from.side));
        copy(amendmentBuffer, ExecutionReportEncoder.symbolEncodingOffset(), from.symbol,
                ExecutionReportEncoder.symbolLength());
        long qty = amendmentBuffer.getLong(from.orderQty + DecimalEncoder.mantissaEncodingOffset(),
                java.nio.ByteOrder.LITTLE_ENDIAN);
        byte qtyExponent = amendmentBuffer.getByte(from.orderQty + DecimalEncoder.exponentEncodingOffset());
        report.orderQty().mantissa(qty).exponent(qtyExponent);
        report.cumQty().mantissa(Workload.CUM_QTY).exponent((byte) 0);
        report.leavesQty().mantissa(cancel ? 0 : qty).exponent(cancel ? 0 : qtyExponent);
        report.avgPx().mantissa(0).exponent((byte) 0);
        int at = ExecutionReportEncoder.transactTimeEncodingOffset();
        int length = transactTime.format(nowMillis, reportBuffer, at);
        reportBuffer.setMemory(at + length, ExecutionReportEncoder.transactTimeLength() - length, (byte) 0);
        OrderCodec.executionReportBody(reportView, w);
    }

    /** Copies a text field of {@code capacity} bytes (a multiple of 8) from {@code source} to the report's model. */
    private void copy(UnsafeBuffer source, int reportOffset, int sourceOffset, int capacity) {
        for (int w = 0; w < capacity; w += 8) {
            reportBuffer.putLong(reportOffset + w, source.getLong(sourceOffset + w));
        }
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
