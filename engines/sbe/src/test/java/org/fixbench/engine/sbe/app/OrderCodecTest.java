package org.fixbench.engine.sbe.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.model.ExecType;
import org.fixbench.engine.sbe.model.ExecutionReportDecoder;
import org.fixbench.engine.sbe.model.ExecutionReportEncoder;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdStatus;
import org.fixbench.engine.sbe.model.OrdType;
import org.fixbench.engine.sbe.model.Side;
import org.junit.jupiter.api.Test;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.Framing;
import org.fixbench.fix.codec.RejectReason;
import org.fixbench.engine.sbe.RawFixPeer;

class OrderCodecTest {
    private static final long CL_ORD_ID = 1_234_567_890_123_456L;
    private static final Instant T = Instant.parse("2026-11-22T12:00:00Z");
    private static final byte[] CLIENT = Workload.CLIENT_COMP_ID.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER = Workload.SERVER_COMP_ID.getBytes(StandardCharsets.US_ASCII);

    /** What a decode that got past framing and indexing failed with: see {@link OrderCodec#failure()}. */
    private static final int DECODE_FAILED = -100;

    private final Framing framing = new Framing(1024);
    private final OrderCodec codec = new OrderCodec();
    private final FixMessage message = new FixMessage(256);
    private final FixWriter writer = new FixWriter(1024);
    private final UnsafeBuffer model = new UnsafeBuffer(new byte[512]);
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final NewOrderSingleDecoder orderView = new NewOrderSingleDecoder();

    private static UnsafeBuffer buffer(byte[] bytes) {
        return RawFixPeer.padded(bytes);
    }

    private static byte[] fix(String pipeSeparated) {
        return RawFixPeer.frame("FIX.4.4", pipeSeparated);
    }

    /** Frame, index with CheckSum, decode: a Framing result, or 1, or {@link #DECODE_FAILED}. */
    private int decode(byte[] bytes) {
        UnsafeBuffer in = buffer(bytes);
        int framed = framing.frame(in, 0, bytes.length);
        if (framed <= 0) {
            return framed;
        }
        assertEquals(bytes.length, framed);
        return decodeFramed(in, framed);
    }

    private int decodeFramed(UnsafeBuffer in, int length) {
        if (message.index(in, 0, length, null) < 0) {
            return Framing.GARBLED;
        }
        if (!message.checksumMatches()) {
            return Framing.BAD_CHECKSUM;
        }
        order.wrap(model, 0);
        return codec.decodeNewOrderSingle(message, order) > 0 ? 1 : DECODE_FAILED;
    }

    /** A whole message from a model: header as the session writes it, the body from the model, BodyLength and CheckSum. */
    private int encode(char msgType, byte[] sender, byte[] target, long seqNum, byte[] time, UnsafeBuffer out,
                       java.util.function.Consumer<FixWriter> body) {
        writer.reset().charField(35, (byte) msgType).bytesField(49, sender).bytesField(56, target)
                .longField(34, seqNum).rawField(52, new UnsafeBuffer(time), 0, time.length);
        body.accept(writer);
        return writer.frame(out, 0);
    }

    private RejectReason failure(byte[] bytes) {
        assertEquals(DECODE_FAILED, decode(bytes), "the decode fails");
        return codec.failure();
    }

    private static String text(UnsafeBuffer b, int offset, int length) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < length && b.getByte(offset + k) != 0; k++) {
            sb.append((char) b.getByte(offset + k));
        }
        return sb.toString();
    }

    @Test
    void theWorkloadsNewOrderSingleIsParsedIntoTheModelAndWrittenBackByteForByte() {
        byte[] wire = Workload.sampleNewOrderSingle(CL_ORD_ID, 2, T);
        assertTrue(decode(wire) > 0, Framing.describe(decode(wire)) + " " + codec.failureText());
        orderView.wrap(model, 0, NewOrderSingleEncoder.BLOCK_LENGTH, NewOrderSingleEncoder.SCHEMA_VERSION);
        assertEquals(Long.toString(CL_ORD_ID), text(model, NewOrderSingleDecoder.clOrdIdEncodingOffset(), 32));
        assertEquals(Workload.ACCOUNT, text(model, NewOrderSingleDecoder.accountEncodingOffset(), 16));
        assertEquals(Side.Buy, orderView.side());
        assertEquals(OrdType.Limit, orderView.ordType());
        assertEquals(10125, orderView.price().mantissa());
        assertEquals(-2, orderView.price().exponent());
        assertEquals(1000, orderView.orderQty().mantissa());

        byte[] sendingTime = "20261122-12:00:00.000".getBytes(StandardCharsets.US_ASCII);
        UnsafeBuffer out = new UnsafeBuffer(new byte[1024]);
        int length = encode('D', CLIENT, SERVER, 2, sendingTime, out, w -> OrderCodec.newOrderSingleBody(orderView, w));
        byte[] written = new byte[length];
        out.getBytes(0, written);
        assertArrayEquals(wire, written, () -> new String(written, StandardCharsets.US_ASCII));
    }

    @Test
    void anExecutionReportFromTheModelIsValidFixForQuickFixJ() throws Exception {
        UnsafeBuffer reportBuffer = new UnsafeBuffer(new byte[512]);
        ExecutionReportEncoder er = new ExecutionReportEncoder().wrap(reportBuffer, 0);
        er.orderId("ORD-1").clOrdId(Long.toString(CL_ORD_ID)).execId("EXE-1").execType(ExecType.New)
                .ordStatus(OrdStatus.New).symbol("ACME").side(Side.Buy).transactTime("20261122-12:00:00.000");
        er.orderQty().mantissa(1000).exponent((byte) 0);
        er.cumQty().mantissa(0).exponent((byte) 0);
        er.leavesQty().mantissa(1000).exponent((byte) 0);
        er.avgPx().mantissa(0).exponent((byte) 0);
        ExecutionReportDecoder view = new ExecutionReportDecoder().wrap(reportBuffer, 0,
                ExecutionReportEncoder.BLOCK_LENGTH, ExecutionReportEncoder.SCHEMA_VERSION);
        byte[] time = "20261122-12:00:00.000".getBytes(StandardCharsets.US_ASCII);
        UnsafeBuffer out = new UnsafeBuffer(new byte[1024]);
        int length = encode('8', SERVER, CLIENT, 7, time, out, w -> OrderCodec.executionReportBody(view, w));
        String text = out.getStringWithoutLengthAscii(0, length);

        quickfix.DataDictionary dictionary = new quickfix.DataDictionary(
                quickfix.Message.class.getClassLoader().getResourceAsStream("FIX44.xml"));
        quickfix.Message parsed = new quickfix.Message(text, dictionary, true);
        dictionary.validate(parsed);
        assertEquals(Long.toString(CL_ORD_ID), parsed.getString(11));
        assertEquals('8', parsed.getHeader().getString(35).charAt(0));
        assertEquals(7, parsed.getHeader().getInt(34));
        assertEquals(Workload.sampleExecutionReport(CL_ORD_ID, 1, 7, T).length - length, 0,
                "the same bytes' worth as the workload's report");
    }

    @Test
    void theChecksumIsTheByteSumAtEveryLengthAndOffset() {
        Random random = new Random(7);
        byte[] bytes = new byte[3000];
        random.nextBytes(bytes);
        UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        for (int length = 0; length <= 2100; length += length < 40 ? 1 : 97) { // past 1,024: the lanes are folded
            for (int from = 0; from < 9; from++) {
                int expected = 0;
                for (int k = from; k < from + length; k++) {
                    expected += bytes[k] & 0xFF;
                }
                assertEquals(expected, Framing.checksum(buffer, from, from + length), "from " + from + " length " + length);
            }
        }
    }

    @Test
    void modelTextFieldsAreWrittenUpToTheirFirstNulAtEveryLength() {
        FixWriter writer = new FixWriter(256);
        for (boolean onHeap : new boolean[] {true, false}) {
            for (int length = 0; length <= 16; length++) {
                UnsafeBuffer model = onHeap ? new UnsafeBuffer(new byte[16])
                        : new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(16));
                StringBuilder value = new StringBuilder();
                for (int k = 0; k < length; k++) {
                    value.append((char) ('a' + k));
                }
                model.putStringWithoutLengthAscii(0, value.toString());
                int end = writer.reset().textField(58, model, 0, 16).charField(54, (byte) '1').bodyLength();
                StringBuilder written = new StringBuilder();
                for (int k = 0; k < end; k++) {
                    written.append((char) writer.bodyByte(k));
                }
                assertEquals("58=" + value + "\u000154=1\u0001", written.toString(), (onHeap ? "heap" : "direct") + ", length " + length);
            }
        }
    }

    @Test
    void tcpReadsThatSplitOrJoinMessagesAreFramedOneAtATime() {
        byte[] one = Workload.sampleNewOrderSingle(CL_ORD_ID, 2, T);
        byte[] two = Workload.sampleNewOrderSingle(CL_ORD_ID + 1, 3, T);
        UnsafeBuffer joined = new UnsafeBuffer(new byte[one.length + two.length]);
        joined.putBytes(0, one);
        joined.putBytes(one.length, two);
        for (int cut = 0; cut < one.length; cut++) {
            assertEquals(Framing.INCOMPLETE, framing.frame(joined, 0, cut), "cut at " + cut);
        }
        assertEquals(one.length, framing.frame(joined, 0, one.length + 5));
        assertEquals(two.length, framing.frame(joined, one.length, two.length));
    }

    @Test
    void malformedInputGetsItsDefinedResult() {
        byte[] good = Workload.sampleNewOrderSingle(CL_ORD_ID, 2, T);
        String goodText = new String(good, StandardCharsets.US_ASCII);

        byte[] badChecksum = good.clone();
        badChecksum[good.length - 2] = (byte) (badChecksum[good.length - 2] == '0' ? '1' : '0');
        assertEquals(Framing.BAD_CHECKSUM, decode(badChecksum));

        byte[] wrongLength = goodText.replaceFirst("\u00019=\\d+", "\u00019=" + 150).getBytes(StandardCharsets.US_ASCII);
        assertEquals(Framing.BAD_BODY_LENGTH, decode(wrongLength));

        assertEquals(Framing.GARBLED, decode("8=FIX.4.2\u00019=5\u000135=D\u0001".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Framing.GARBLED, decode("9=12\u000135=D\u0001".getBytes(StandardCharsets.US_ASCII)));

        assertEquals(RejectReason.INCORRECT_DATA_FORMAT,
                failure(fix("35=D|11=1|38=abc|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals("Incorrect data format for value, field=38", codec.failureText());
        assertEquals(38, codec.errorTag());
        assertEquals(RejectReason.REQUIRED_TAG_MISSING, failure(fix("35=D|38=5|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals(11, codec.errorTag());
        assertEquals(RejectReason.TAG_WITHOUT_VALUE, failure(fix("35=D|11=|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals(RejectReason.TAG_APPEARS_MORE_THAN_ONCE,
                failure(fix("35=D|11=1|11=2|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals(RejectReason.VALUE_INCORRECT, failure(fix("35=D|11=1|40=2|54=Z|55=ACME|60=20261122-12:00:00|")));
        assertEquals(54, codec.errorTag());
        assertEquals(RejectReason.INVALID_MSGTYPE, failure(fix("35=8|11=1|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals(Framing.GARBLED, decode(fix("35=D|1x=1|"))); // a tag that is not a number: garbled

        byte[] oversize = fix("35=D|58=" + "x".repeat(2000) + "|");
        assertEquals(Framing.TOO_LARGE, decode(oversize));
    }

    @Test
    void randomBytesNeverThrowAndAlwaysGetADefinedResult() {
        Set<Integer> defined = Set.of(Framing.INCOMPLETE, Framing.GARBLED, Framing.BAD_BODY_LENGTH,
                Framing.BAD_CHECKSUM, Framing.TOO_LARGE);
        Random random = new Random(44);
        byte[] good = Workload.sampleNewOrderSingle(CL_ORD_ID, 2, T);
        for (int i = 0; i < 20_000; i++) {
            byte[] bytes;
            if (i % 2 == 0) {
                bytes = new byte[random.nextInt(300)];
                random.nextBytes(bytes);
            } else { // a real message with a few bytes flipped
                bytes = good.clone();
                for (int k = 0; k < 1 + random.nextInt(3); k++) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
            }
            UnsafeBuffer in = buffer(bytes);
            int framed = framing.frame(in, 0, bytes.length);
            if (framed > 0) {
                int decoded = decodeFramed(in, framed);
                assertTrue(decoded == 1 || decoded == Framing.GARBLED || decoded == Framing.BAD_CHECKSUM
                        || decoded == DECODE_FAILED && codec.failure() != null, "decoded " + decoded);
            } else {
                assertTrue(defined.contains(framed), "framed " + framed);
            }
        }
    }

    @Test
    void parsingAndEncodingAllocateNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[] wire = Workload.sampleNewOrderSingle(CL_ORD_ID, 2, T);
        UnsafeBuffer in = buffer(wire);
        UnsafeBuffer out = new UnsafeBuffer(new byte[1024]);
        UnsafeBuffer time = new UnsafeBuffer("20261122-12:00:00.000".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < 300_000; i++) {
            roundTrip(in, wire.length, out, time);
        }
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < 1_000_000; i++) {
            roundTrip(in, wire.length, out, time);
        }
        long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated < 1_000, "1,000,000 parses and encodes allocated " + allocated + " bytes");
    }

    private void roundTrip(UnsafeBuffer in, int length, UnsafeBuffer out, UnsafeBuffer time) {
        decodeFramed(in, framing.frame(in, 0, length));
        orderView.wrap(model, 0, NewOrderSingleEncoder.BLOCK_LENGTH, NewOrderSingleEncoder.SCHEMA_VERSION);
        writer.reset().charField(35, (byte) 'D').bytesField(49, CLIENT).bytesField(56, SERVER).longField(34, 2)
                .rawField(52, time, 0, 21);
        OrderCodec.newOrderSingleBody(orderView, writer);
        writer.frame(out, 0);
    }

    @Test
    void theQuickDecodeAgreesWithTheWalkInOrder() {
        byte[] sample = Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 7, Instant.parse("2026-11-23T10:00:00Z"));
        String body = new String(sample, StandardCharsets.US_ASCII);
        body = body.substring(body.indexOf("\u000135=") + 1, body.lastIndexOf("10="));
        List<String> fields = new ArrayList<>(List.of(body.split("\u0001")));
        String[] replacements = {"", "X", "0", "-1.5", "1.2.3", "12345678901234567890123456789012345", "4", "9"};
        Random random = new Random(20261123);
        OrderCodec quick = new OrderCodec();
        OrderCodec inOrder = new OrderCodec();
        FixMessage m = new FixMessage(64);
        int decoded = 0;
        int refused = 0;
        for (int trial = 0; trial < 3_000; trial++) {
            List<String> f = new ArrayList<>(fields);
            int changes = trial == 0 ? 0 : 1 + random.nextInt(2);
            for (int c = 0; c < changes; c++) {
                int k = 1 + random.nextInt(f.size() - 1); // MsgType stays first
                String tag = f.get(k).substring(0, f.get(k).indexOf('='));
                switch (random.nextInt(4)) {
                    case 0 -> f.remove(k);
                    case 1 -> f.add(1 + random.nextInt(f.size() - 1), f.get(k));
                    case 2 -> f.set(k, tag + "=" + replacements[random.nextInt(replacements.length)]);
                    default -> f.set(k, f.get(k) + random.nextInt(10));
                }
            }
            byte[] message = fix(String.join("|", f) + "|");
            assertTrue(m.index(buffer(message), 0, message.length, null) > 0);
            UnsafeBuffer quickModel = new UnsafeBuffer(new byte[256]);
            UnsafeBuffer walkModel = new UnsafeBuffer(new byte[256]);
            int q = quick.decodeNewOrderSingle(m, new NewOrderSingleEncoder().wrap(quickModel, 0));
            int w = inOrder.decodeInOrder(m, new NewOrderSingleEncoder().wrap(walkModel, 0));
            String what = String.join("|", f);
            assertEquals(w, q, what);
            assertEquals(inOrder.errorTag(), quick.errorTag(), what);
            if (w > 0) {
                assertArrayEquals(walkModel.byteArray(), quickModel.byteArray(), what);
                decoded++;
            } else {
                refused++;
            }
        }
        assertTrue(decoded > 300 && refused > 300, decoded + " decoded, " + refused + " refused");
    }
}
