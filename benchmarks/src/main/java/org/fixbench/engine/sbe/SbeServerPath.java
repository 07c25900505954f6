package org.fixbench.engine.sbe;

import java.util.Properties;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.model.ExecType;
import org.fixbench.engine.sbe.model.ExecutionReportDecoder;
import org.fixbench.engine.sbe.model.ExecutionReportEncoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdStatus;
import org.fixbench.engine.sbe.model.Side;

/**
 * For the codec benchmarks (benchmarks module, this package so it reaches the engine's package-private parts): the
 * sbe server's own per-order steps, as {@link FixSession} and {@link ReportApplication} take them, without a socket.
 * Parse: index the message's fields with its CheckSum (FixMessage.index), validate it against the dictionary when
 * the profile validates (Validator), decode it into the SBE model (FixCodec.decodeNewOrderSingle). Encode: header
 * (SessionSender.begin: MsgType, CompIDs, MsgSeqNum, SendingTime), body from the model
 * (FixCodec.executionReportBody), then BodyLength and CheckSum (FixWriter.frame); not stored, not sent.
 */
public final class SbeServerPath {
    private final boolean validate;
    private final FixDictionary dictionary;
    private final FixMessage message = new FixMessage(256);
    private final Validator validator;
    private final FixCodec codec = new FixCodec(8192);
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final UnsafeBuffer orderBuffer = new UnsafeBuffer(new byte[NewOrderSingleEncoder.BLOCK_LENGTH + 8]);
    private final UnsafeBuffer reportBuffer = new UnsafeBuffer(new byte[ExecutionReportEncoder.BLOCK_LENGTH + 8]);
    private final ExecutionReportDecoder reportView = new ExecutionReportDecoder();
    private final SessionRecord record = new SessionRecord(1 << 16, 16);
    private final SessionSender sender;

    /** @param validation "dictionary" (sbe:published) or "session" (sbe:tuned) */
    public SbeServerPath(String validation) {
        Properties p = new Properties();
        p.setProperty("validation", validation);
        SessionConfig config = SessionConfig.of(p, Workload.SERVER_COMP_ID, Workload.CLIENT_COMP_ID, true);
        this.validate = config.validate();
        this.dictionary = config.dictionary();
        this.validator = new Validator(dictionary);
        this.sender = new SessionSender(config, new org.fixbench.benchmarks.DiscardChannel(), record, 0);
        order.wrap(orderBuffer, 0);
        ExecutionReportEncoder er = new ExecutionReportEncoder().wrap(reportBuffer, 0);
        er.orderId("ORD-1").clOrdId("1234567890123456").execId("EXE-1").execType(ExecType.New)
                .ordStatus(OrdStatus.New).symbol(Workload.SYMBOL).side(Side.Buy).transactTime("20261122-12:00:00.000");
        er.orderQty().mantissa(Workload.ORDER_QTY).exponent((byte) 0);
        er.cumQty().mantissa(Workload.CUM_QTY).exponent((byte) 0);
        er.leavesQty().mantissa(Workload.LEAVES_QTY).exponent((byte) 0);
        er.avgPx().mantissa(0).exponent((byte) 0);
        reportView.wrap(reportBuffer, 0, ExecutionReportEncoder.BLOCK_LENGTH, ExecutionReportEncoder.SCHEMA_VERSION);
    }

    /** Parses a NewOrderSingle into the model; returns the model's quantity mantissa (or a negative error). */
    public long parse(DirectBuffer buffer, int offset, int length) {
        if (message.index(buffer, offset, length, dictionary) < 0 || !message.checksumMatches()) {
            return -1;
        }
        if (validate && !validator.validate(message)) {
            return -2;
        }
        order.wrap(orderBuffer, 0);
        int result = codec.decodeNewOrderSingle(message, order);
        return result < 0 ? result : orderBuffer.getLong(NewOrderSingleEncoder.orderQtyEncodingOffset());
    }

    /**
     * Encodes the ExecutionReport from the model, whole, under the next MsgSeqNum (what SessionSender.send would use
     * up; here it is used up without storing or sending); returns its length.
     */
    public int encode(long nowMillis) {
        FixWriter w = sender.begin('8' << 8, nowMillis);
        FixCodec.executionReportBody(reportView, w);
        int length = w.frame();
        record.nextSenderSeq++;
        return length;
    }
}
