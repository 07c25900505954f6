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
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * Each engine's own codec on identical input, side by side: {@code parse_<engine>} takes the same NewOrderSingle
 * bytes (the workload's, from {@link Workload#sampleNewOrderSingle}) and {@code encode_<engine>} produces the same
 * ExecutionReport, each the way that engine's server does it in the benchmark.
 *
 * <p><b>Parse</b> must verify the CheckSum and give the fields a server needs to answer: ClOrdID, Symbol, Side and
 * OrderQty (consumed by a Blackhole). {@code _dictionary} (or {@code _validated}) adds the validation against the
 * FIX 4.4 dictionary that the engine's published profile does (required fields, known tags, value formats).
 * <ul>
 *   <li>sbe: FixMessage.index with CheckSum, [Validator], OrderCodec.decodeNewOrderSingle into the SBE model
 *       ({@link SbeSteps}: the engine's public OrderPath, what its server runs). An order with the tags of the one before, in the same
 *       order, is indexed by that one's shape (and, validated, has only its values checked), as every order of the
 *       workload is after the first; {@code _newShape} alternates two tag orders so that no order is;</li>
 *   <li>philadelphia: FIXMessageParser (CheckSum enabled) into its FIXMessage, then valueOf per field;</li>
 *   <li>artio: CheckSum over the bytes (AsciiBuffer.computeChecksum, what its framer checks), the generated
 *       NewOrderSingleDecoder, [its validate()];</li>
 *   <li>quickfixj: bytes to String (its MINA decoder does this), Message.fromString with validation of BodyLength and
 *       CheckSum, without a DataDictionary, or with FIX44.xml plus DataDictionary.validate.</li>
 * </ul>
 * <b>Encode</b> must produce the whole ExecutionReport in memory: header (BeginString, BodyLength, MsgType,
 * SenderCompID, TargetCompID, MsgSeqNum, SendingTime), body (OrderID, ClOrdID, ExecID, ExecType, OrdStatus, Symbol,
 * Side, OrderQty, CumQty, LeavesQty, AvgPx, TransactTime) and CheckSum; a new MsgSeqNum each time. Philadelphia
 * frames only as it sends, so its encode includes FIXConnection.send into a channel that discards the bytes.
 * Allocation per operation: run with {@code -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class Codecs {
    private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
    private static final long NOW_MILLIS = NOW.toEpochMilli();

    private byte[] wireBytes;
    private UnsafeBuffer wire;
    /** The same order with Account (1) and ClOrdID (11) swapped: the same bytes in another order. */
    private UnsafeBuffer wireSwapped;
    private boolean swapped;

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
    private final byte[] artioTime = "20261122-12:00:00.000".getBytes(StandardCharsets.US_ASCII);
    private int artioSeq;

    private DataDictionary quickfixjDictionary;
    private int quickfixjSeq;

    @Setup
    public void setUp() throws Exception {
        wireBytes = Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, NOW);
        wire = new UnsafeBuffer(wireBytes);
        String text = new String(wireBytes, StandardCharsets.ISO_8859_1);
        int account = text.indexOf("\u00011=") + 1;
        int clOrdId = text.indexOf("\u000111=") + 1;
        int afterClOrdId = text.indexOf('\u0001', clOrdId) + 1;
        require(account > 0 && clOrdId == text.indexOf('\u0001', account) + 1, "Account just before ClOrdID");
        wireSwapped = new UnsafeBuffer((text.substring(0, account) + text.substring(clOrdId, afterClOrdId)
                + text.substring(account, clOrdId) + text.substring(afterClOrdId)).getBytes(StandardCharsets.ISO_8859_1));

        FIXConfig config = new FIXConfig.Builder().setVersion(FIXVersion.FIX_4_4)
                .setSenderCompID(Workload.SERVER_COMP_ID).setTargetCompID(Workload.CLIENT_COMP_ID)
                .setCheckSumEnabled(true).build();
        philadelphiaParser = new FIXMessageParser(config, message -> philadelphiaOrder = message);
        philadelphiaIn = ByteBuffer.allocateDirect(wireBytes.length);
        philadelphiaConnection = new FIXConnection(new NoInput(), new DiscardChannel(), config, message -> { }, NOW_MILLIS);
        philadelphiaReport = philadelphiaConnection.create();

        artioIn.wrap(wireBytes);
        artioReport.header().senderCompID(Workload.SERVER_COMP_ID.toCharArray())
                .targetCompID(Workload.CLIENT_COMP_ID.toCharArray());
        artioReport.execType(Workload.EXEC_TYPE).ordStatus(Workload.ORD_STATUS)
                .cumQty(Workload.CUM_QTY, 0).leavesQty(Workload.LEAVES_QTY, 0).avgPx(0, 0);

        quickfixjDictionary = new DataDictionary("FIX44.xml");
        check();
    }

    /** Every parse gives the order's quantity, every encode a message that ends in a CheckSum. */
    private void check() throws Exception {
        require(parse_sbe() == Workload.ORDER_QTY, "sbe parse");
        require(parse_sbe_dictionary() == Workload.ORDER_QTY, "sbe parse with the dictionary");
        for (int k = 0; k < 2; k++) {
            require(parse_sbe_newShape() == Workload.ORDER_QTY, "sbe parse, swapped tags");
            require(parse_sbe_dictionary_newShape() == Workload.ORDER_QTY, "sbe parse, swapped tags, dictionary");
        }
        require(sbeSession.encode(NOW_MILLIS) > 0, "sbe encode");
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
    public long parse_sbe() {
        return sbeSession.parse(wire, 0, wireBytes.length);
    }

    @Benchmark
    public long parse_sbe_dictionary() {
        return sbeDictionary.parse(wire, 0, wireBytes.length);
    }

    /**
     * As {@link #parse_sbe}, but each order's tags come in another order than the one before (the order and the same
     * with Account and ClOrdID swapped, alternately), so no order is indexed by the shape of the one before: the
     * tag-by-tag index, the cost of a message unlike the last.
     */
    @Benchmark
    public long parse_sbe_newShape() {
        swapped = !swapped;
        return sbeSession.parse(swapped ? wireSwapped : wire, 0, wireBytes.length);
    }

    /** As {@link #parse_sbe_dictionary}, with the alternating orders of {@link #parse_sbe_newShape}. */
    @Benchmark
    public long parse_sbe_dictionary_newShape() {
        swapped = !swapped;
        return sbeDictionary.parse(swapped ? wireSwapped : wire, 0, wireBytes.length);
    }

    @Benchmark
    public void parse_philadelphia(Blackhole bh) throws IOException {
        philadelphiaIn.clear();
        philadelphiaIn.put(wireBytes).flip();
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
    public void parse_artio(Blackhole bh) {
        parseArtio(bh, false);
    }

    @Benchmark
    public void parse_artio_validated(Blackhole bh) {
        parseArtio(bh, true);
    }

    private void parseArtio(Blackhole bh, boolean validate) {
        int trailer = wireBytes.length - 7; // "10=nnn<SOH>"
        int sum = artioIn.computeChecksum(0, trailer);
        int declared = artioIn.getNatural(trailer + 3, trailer + 6);
        if (sum != declared) {
            throw new IllegalStateException("artio: CheckSum");
        }
        artioOrder.reset();
        artioOrder.decode(artioIn, 0, wireBytes.length);
        if (validate && !artioOrder.validate()) {
            throw new IllegalStateException("artio: invalid " + artioOrder.invalidTagId());
        }
        bh.consume(artioOrder.clOrdIDLength());
        bh.consume(artioOrder.symbolLength());
        bh.consume(artioOrder.side());
        bh.consume(artioOrder.orderQty().value());
    }

    @Benchmark
    public void parse_quickfixj(Blackhole bh) throws Exception {
        parseQuickfixj(bh, null);
    }

    @Benchmark
    public void parse_quickfixj_dictionary(Blackhole bh) throws Exception {
        parseQuickfixj(bh, quickfixjDictionary);
    }

    private void parseQuickfixj(Blackhole bh, DataDictionary dictionary) throws Exception {
        String text = new String(wireBytes, StandardCharsets.US_ASCII);
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
        return sbeSession.encode(NOW_MILLIS);
    }

    @Benchmark
    public void encode_philadelphia() throws IOException {
        FIXConnection c = philadelphiaConnection;
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
        r.header().msgSeqNum(++artioSeq).sendingTime(artioTime);
        r.orderID("ORD-1").clOrdID("1234567890123456").execID("EXE-1");
        r.instrument().symbol(Workload.SYMBOL);
        r.side(Workload.SIDE);
        r.orderQtyData().orderQty(Workload.ORDER_QTY, 0);
        r.transactTime(artioTime);
        return r.encode(artioOut, 0);
    }

    @Benchmark
    public String encode_quickfixj() {
        quickfix.fix44.ExecutionReport report = new quickfix.fix44.ExecutionReport(new OrderID("ORD-1"),
                new ExecID("EXE-1"), new ExecType(Workload.EXEC_TYPE), new OrdStatus(Workload.ORD_STATUS),
                new Side(Workload.SIDE), new LeavesQty(Workload.LEAVES_QTY), new CumQty(Workload.CUM_QTY),
                new AvgPx(Double.parseDouble(Workload.AVG_PX)));
        report.set(new ClOrdID("1234567890123456"));
        report.set(new Symbol(Workload.SYMBOL));
        report.set(new OrderQty(Workload.ORDER_QTY));
        report.set(new TransactTime(LocalDateTime.ofEpochSecond(NOW.getEpochSecond(), 0, ZoneOffset.UTC)));
        Message.Header h = report.getHeader();
        h.setString(SenderCompID.FIELD, Workload.SERVER_COMP_ID);
        h.setString(TargetCompID.FIELD, Workload.CLIENT_COMP_ID);
        h.setInt(MsgSeqNum.FIELD, ++quickfixjSeq);
        h.setUtcTimeStamp(SendingTime.FIELD, LocalDateTime.ofEpochSecond(NOW.getEpochSecond(), 0, ZoneOffset.UTC));
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
