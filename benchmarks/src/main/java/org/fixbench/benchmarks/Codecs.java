package org.fixbench.benchmarks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXConnection;
import com.paritytrading.philadelphia.FIXMessage;
import com.paritytrading.philadelphia.FIXMessageParser;
import com.paritytrading.philadelphia.FIXValue;
import com.paritytrading.philadelphia.FIXVersion;
import com.paritytrading.philadelphia.fix44.FIX44MsgTypes;
import com.paritytrading.philadelphia.fix44.FIX44Tags;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.engine.artio.codecs.builder.ExecutionReportEncoder;
import org.fixbench.engine.artio.codecs.decoder.NewOrderSingleDecoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import quickfix.DataDictionary;
import quickfix.Message;
import quickfix.field.AvgPx;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LeavesQty;
import quickfix.field.MsgSeqNum;
import quickfix.field.OrdStatus;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.SenderCompID;
import quickfix.field.SendingTime;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TargetCompID;
import quickfix.field.TransactTime;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * Each engine's own codec on identical input, side by side: {@code parse_<engine>} takes the same NewOrderSingle
 * bytes (the workload's, from {@link Workload#sampleNewOrderSingle}) and {@code encode_<engine>} produces the same
 * ExecutionReport, each the way that engine's server does it in the benchmark.
 *
 * <p><b>Parse</b> must verify the CheckSum and give the fields a server needs to answer: ClOrdID, Symbol, Side and
 * OrderQty (consumed by a Blackhole). {@code _dictionary} (or {@code _validated}) adds the validation against the
 * FIX 4.4 dictionary that the engine's published profile does (required fields, known tags, value formats). Every
 * parse runs twice, by the {@link Input} parameter {@code shape}: {@code repeated}, the same order every time (the
 * workload's: sbe indexes an order with the tags of the one before, in the same order, by that one's shape and,
 * validated, checks only its values, so its fast path always hits), and {@code alternating}, the order and the same
 * with Account and ClOrdID swapped by turns (no order has the shape of the one before: the tag-by-tag index). Quote
 * the alternating figures beside the repeated ones.
 * <ul>
 *   <li>sbe: FixMessage.index with CheckSum, [Validator], OrderCodec.decodeNewOrderSingle into the SBE model
 *       ({@link SbeSteps}: the engine's public OrderPath, what its server runs);</li>
 *   <li>philadelphia: FIXMessageParser (CheckSum enabled) into its FIXMessage, then valueOf per field;</li>
 *   <li>artio: CheckSum over the bytes (AsciiBuffer.computeChecksum, what its framer checks), the generated
 *       NewOrderSingleDecoder, [its validate()];</li>
 *   <li>quickfixj: bytes to String (its MINA decoder does this), Message.fromString with validation of BodyLength and
 *       CheckSum, without a DataDictionary, or with FIX44.xml plus DataDictionary.validate.</li>
 * </ul>
 * <b>Encode</b> must produce the whole ExecutionReport in memory: header (BeginString, BodyLength, MsgType,
 * SenderCompID, TargetCompID, MsgSeqNum, SendingTime), body (OrderID, ClOrdID, ExecID, ExecType, OrdStatus, Symbol,
 * Side, OrderQty, CumQty, LeavesQty, AvgPx, TransactTime) and CheckSum; a new MsgSeqNum each time. The same clock
 * work in each: one {@code System.currentTimeMillis()} per report, given to the engine the way its server gives it
 * (sbe: the session's time and TransactTime; Philadelphia: {@code setCurrentTimeMillis}, its current timestamp as
 * TransactTime; Artio: its UtcTimestampEncoder for both fields; QuickFIX/J: a LocalDateTime for both), SendingTime
 * and TransactTime formatted from it. Sending is in sbe's and Philadelphia's encode (both frame as they send: sbe
 * stores the message for resends and writes it to a channel that drops it, Philadelphia writes to such a channel);
 * Artio's and QuickFIX/J's end with the message in memory (their sessions frame it later).
 * Allocation per operation: run with {@code -prof gc}. Run with 3 forks (the default here) or more, and keep
 * {@code scripts/jmh}'s first line (the CPU model) with the figures.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class Codecs {
    private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
    private static final long NOW_MILLIS = NOW.toEpochMilli();

    /** The parse benchmarks' input: the workload's order every time, or it and a reordered copy by turns. */
    @State(Scope.Thread)
    public static class Input {
        /** {@code repeated}: the same order every time; {@code alternating}: the order and its swapped copy by turns. */
        @Param({"repeated", "alternating"})
        public String shape;
        private final byte[][] orders = new byte[2][];
        private final UnsafeBuffer[] buffers = new UnsafeBuffer[2];
        private boolean alternate;
        private int next;

        @Setup
        public void setUp() {
            byte[] order = Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, NOW);
            orders[0] = order;
            orders[1] = swapAccountAndClOrdId(order);
            buffers[0] = new UnsafeBuffer(orders[0]);
            buffers[1] = new UnsafeBuffer(orders[1]);
            alternate = switch (shape) {
                case "repeated" -> false;
                case "alternating" -> true;
                default -> throw new IllegalArgumentException("shape must be repeated or alternating: " + shape);
            };
        }

        /** The index of the order to parse now (0 or 1), advancing by turns when alternating. */
        int next() {
            if (alternate) {
                next ^= 1;
            }
            return next;
        }

        byte[] bytes(int k) {
            return orders[k];
        }

        UnsafeBuffer buffer(int k) {
            return buffers[k];
        }
    }

    /** The same order with Account (1) and ClOrdID (11) swapped: the same bytes in another order. */
    static byte[] swapAccountAndClOrdId(byte[] order) {
        String text = new String(order, StandardCharsets.ISO_8859_1);
        int account = text.indexOf("\u00011=") + 1;
        int clOrdId = text.indexOf("\u000111=") + 1;
        int afterClOrdId = text.indexOf('\u0001', clOrdId) + 1;
        require(account > 0 && clOrdId == text.indexOf('\u0001', account) + 1, "Account just before ClOrdID");
        return (text.substring(0, account) + text.substring(clOrdId, afterClOrdId)
                + text.substring(account, clOrdId) + text.substring(afterClOrdId)).getBytes(StandardCharsets.ISO_8859_1);
    }

    private byte[] wireBytes;

    private final SbeSteps sbeSession = new SbeSteps("session");
    private final SbeSteps sbeDictionary = new SbeSteps("dictionary");

    private FIXMessageParser philadelphiaParser;
    private ByteBuffer philadelphiaIn;
    private FIXMessage philadelphiaOrder;
    private FIXConnection philadelphiaConnection;
    private FIXMessage philadelphiaReport;

    private final MutableAsciiBuffer artioIn = new MutableAsciiBuffer();
    private final NewOrderSingleDecoder artioOrder = new NewOrderSingleDecoder();
    private final ExecutionReportEncoder artioReport = new ExecutionReportEncoder();
    private final MutableAsciiBuffer artioOut = new MutableAsciiBuffer(new byte[1024]);
    private final UtcTimestampEncoder artioTime = new UtcTimestampEncoder();
    private int artioSeq;

    private DataDictionary quickfixjDictionary;
    private int quickfixjSeq;

    @Setup
    public void setUp() throws Exception {
        wireBytes = Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, NOW);

        FIXConfig config = new FIXConfig.Builder().setVersion(FIXVersion.FIX_4_4)
                .setSenderCompID(Workload.SERVER_COMP_ID).setTargetCompID(Workload.CLIENT_COMP_ID)
                .setCheckSumEnabled(true).build();
        philadelphiaParser = new FIXMessageParser(config, message -> philadelphiaOrder = message);
        philadelphiaIn = ByteBuffer.allocateDirect(wireBytes.length);
        philadelphiaConnection = new FIXConnection(new NoInput(), new DiscardChannel(), config, message -> { }, NOW_MILLIS);
        philadelphiaReport = philadelphiaConnection.create();

        artioReport.header().senderCompID(Workload.SERVER_COMP_ID.toCharArray())
                .targetCompID(Workload.CLIENT_COMP_ID.toCharArray());
        artioReport.execType(Workload.EXEC_TYPE).ordStatus(Workload.ORD_STATUS)
                .cumQty(Workload.CUM_QTY, 0).leavesQty(Workload.LEAVES_QTY, 0).avgPx(0, 0);

        quickfixjDictionary = new DataDictionary("FIX44.xml");
        check();
    }

    /** Every parse gives the order's quantity, of both shapes; every encode a message that ends in a CheckSum. */
    private void check() throws Exception {
        for (String shape : new String[] {"repeated", "alternating"}) {
            Input in = new Input();
            in.shape = shape;
            in.setUp();
            for (int k = 0; k < 3; k++) {
                require(parse_sbe(in) == Workload.ORDER_QTY, "sbe parse, " + shape);
                require(parse_sbe_dictionary(in) == Workload.ORDER_QTY, "sbe parse with the dictionary, " + shape);
            }
        }
        require(encode_sbe() > 0, "sbe encode");
        require(encode_artio() > 0, "artio encode");
        require(encode_quickfixj().contains("\u000110="), "quickfixj encode");
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("codec benchmark set-up failed: " + what);
        }
    }

    // ------------------------------------------------------------------ parse

    @Benchmark
    public long parse_sbe(Input in) {
        int k = in.next();
        return sbeSession.parse(in.buffer(k), 0, in.bytes(k).length);
    }

    @Benchmark
    public long parse_sbe_dictionary(Input in) {
        int k = in.next();
        return sbeDictionary.parse(in.buffer(k), 0, in.bytes(k).length);
    }

    @Benchmark
    public void parse_philadelphia(Input in, Blackhole bh) throws IOException {
        philadelphiaIn.clear();
        philadelphiaIn.put(in.bytes(in.next())).flip();
        if (!philadelphiaParser.parse(philadelphiaIn)) {
            throw new IllegalStateException("philadelphia: no message");
        }
        FIXMessage m = philadelphiaOrder;
        FIXValue clOrdId = m.valueOf(FIX44Tags.ClOrdID);
        FIXValue symbol = m.valueOf(FIX44Tags.Symbol);
        bh.consume(clOrdId.length());
        bh.consume(symbol.length());
        bh.consume(m.valueOf(FIX44Tags.Side).asChar());
        bh.consume(m.valueOf(FIX44Tags.OrderQty).asInt());
    }

    @Benchmark
    public void parse_artio(Input in, Blackhole bh) {
        parseArtio(in.bytes(in.next()), bh, false);
    }

    @Benchmark
    public void parse_artio_validated(Input in, Blackhole bh) {
        parseArtio(in.bytes(in.next()), bh, true);
    }

    private void parseArtio(byte[] order, Blackhole bh, boolean validate) {
        artioIn.wrap(order);
        int trailer = order.length - 7; // "10=nnn<SOH>"
        int sum = artioIn.computeChecksum(0, trailer);
        int declared = artioIn.getNatural(trailer + 3, trailer + 6);
        if (sum != declared) {
            throw new IllegalStateException("artio: CheckSum");
        }
        artioOrder.reset();
        artioOrder.decode(artioIn, 0, order.length);
        if (validate && !artioOrder.validate()) {
            throw new IllegalStateException("artio: invalid " + artioOrder.invalidTagId());
        }
        bh.consume(artioOrder.clOrdIDLength());
        bh.consume(artioOrder.symbolLength());
        bh.consume(artioOrder.side());
        bh.consume(artioOrder.orderQty().value());
    }

    @Benchmark
    public void parse_quickfixj(Input in, Blackhole bh) throws Exception {
        parseQuickfixj(in.bytes(in.next()), bh, null);
    }

    @Benchmark
    public void parse_quickfixj_dictionary(Input in, Blackhole bh) throws Exception {
        parseQuickfixj(in.bytes(in.next()), bh, quickfixjDictionary);
    }

    private void parseQuickfixj(byte[] order, Blackhole bh, DataDictionary dictionary) throws Exception {
        String text = new String(order, StandardCharsets.US_ASCII);
        Message m = new Message();
        m.fromString(text, dictionary, true);
        if (dictionary != null) {
            dictionary.validate(m);
        }
        bh.consume(m.getString(ClOrdID.FIELD));
        bh.consume(m.getString(Symbol.FIELD));
        bh.consume(m.getChar(Side.FIELD));
        bh.consume(m.getDouble(OrderQty.FIELD));
    }

    // ------------------------------------------------------------------ encode

    @Benchmark
    public long encode_sbe() {
        return sbeSession.encode(System.currentTimeMillis());
    }

    @Benchmark
    public void encode_philadelphia() throws IOException {
        FIXConnection c = philadelphiaConnection;
        c.setCurrentTimeMillis(System.currentTimeMillis());
        c.prepare(philadelphiaReport, FIX44MsgTypes.ExecutionReport);
        philadelphiaReport.addField(FIX44Tags.OrderID).setString("ORD-1");
        philadelphiaReport.addField(FIX44Tags.ClOrdID).setString("1234567890123456");
        philadelphiaReport.addField(FIX44Tags.ExecID).setString("EXE-1");
        philadelphiaReport.addField(FIX44Tags.ExecType).setChar(Workload.EXEC_TYPE);
        philadelphiaReport.addField(FIX44Tags.OrdStatus).setChar(Workload.ORD_STATUS);
        philadelphiaReport.addField(FIX44Tags.Symbol).setString(Workload.SYMBOL);
        philadelphiaReport.addField(FIX44Tags.Side).setChar(Workload.SIDE);
        philadelphiaReport.addField(FIX44Tags.OrderQty).setInt(Workload.ORDER_QTY);
        philadelphiaReport.addField(FIX44Tags.CumQty).setInt(Workload.CUM_QTY);
        philadelphiaReport.addField(FIX44Tags.LeavesQty).setInt(Workload.LEAVES_QTY);
        philadelphiaReport.addField(FIX44Tags.AvgPx).setString(Workload.AVG_PX);
        philadelphiaReport.addField(FIX44Tags.TransactTime).setString(c.getCurrentTimestamp());
        c.send(philadelphiaReport);
    }

    @Benchmark
    public long encode_artio() {
        ExecutionReportEncoder r = artioReport;
        int timeLength = artioTime.encode(System.currentTimeMillis());
        r.header().msgSeqNum(++artioSeq).sendingTime(artioTime.buffer(), timeLength);
        r.orderID("ORD-1").clOrdID("1234567890123456").execID("EXE-1");
        r.instrument().symbol(Workload.SYMBOL);
        r.side(Workload.SIDE);
        r.orderQtyData().orderQty(Workload.ORDER_QTY, 0);
        r.transactTime(artioTime.buffer(), timeLength);
        return r.encode(artioOut, 0);
    }

    @Benchmark
    public String encode_quickfixj() {
        LocalDateTime now = LocalDateTime.ofInstant(Instant.ofEpochMilli(System.currentTimeMillis()), ZoneOffset.UTC);
        quickfix.fix44.ExecutionReport report = new quickfix.fix44.ExecutionReport(new OrderID("ORD-1"),
                new ExecID("EXE-1"), new ExecType(Workload.EXEC_TYPE), new OrdStatus(Workload.ORD_STATUS),
                new Side(Workload.SIDE), new LeavesQty(Workload.LEAVES_QTY), new CumQty(Workload.CUM_QTY),
                new AvgPx(Double.parseDouble(Workload.AVG_PX)));
        report.set(new ClOrdID("1234567890123456"));
        report.set(new Symbol(Workload.SYMBOL));
        report.set(new OrderQty(Workload.ORDER_QTY));
        report.set(new TransactTime(now));
        Message.Header h = report.getHeader();
        h.setString(SenderCompID.FIELD, Workload.SERVER_COMP_ID);
        h.setString(TargetCompID.FIELD, Workload.CLIENT_COMP_ID);
        h.setInt(MsgSeqNum.FIELD, ++quickfixjSeq);
        h.setUtcTimeStamp(SendingTime.FIELD, now);
        return report.toString();
    }

    /** Philadelphia's connection reads nothing here. */
    private static final class NoInput implements ReadableByteChannel {
        @Override
        public int read(ByteBuffer dst) {
            return 0;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }
}
