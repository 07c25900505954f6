package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
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

class FixCodecTest {
    private static final long CL_ORD_ID = 1_234_567_890_123_456L;
    private static final Instant T = Instant.parse("2026-11-22T12:00:00Z");
    private static final byte[] CLIENT = Workload.CLIENT_COMP_ID.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER = Workload.SERVER_COMP_ID.getBytes(StandardCharsets.US_ASCII);

    private final FixCodec codec = new FixCodec(1024);
    private final UnsafeBuffer model = new UnsafeBuffer(new byte[512]);
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final NewOrderSingleDecoder orderView = new NewOrderSingleDecoder();

    private static UnsafeBuffer buffer(byte[] bytes) {
        return RawFixPeer.padded(bytes);
    }

    private static byte[] fix(String pipeSeparated) {
        return RawFixPeer.frame("FIX.4.4", pipeSeparated);
    }

    private int decode(byte[] message) {
        UnsafeBuffer in = buffer(message);
        int framed = codec.frame(in, 0, message.length);
        if (framed <= 0) {
            return framed;
        }
        assertEquals(message.length, framed);
        order.wrap(model, 0);
        return codec.decodeNewOrderSingle(in, order);
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
        assertTrue(decode(wire) > 0, FixCodec.describe(decode(wire)));
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
        int length = codec.encodeNewOrderSingle(orderView, CLIENT, SERVER, 2, new UnsafeBuffer(sendingTime),
                sendingTime.length, out, 0);
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
        int length = codec.encodeExecutionReport(view, SERVER, CLIENT, 7, new UnsafeBuffer(time), time.length, out, 0);
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
                assertEquals(expected, FixCodec.checksum(buffer, from, from + length), "from " + from + " length " + length);
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
            assertEquals(FixCodec.INCOMPLETE, codec.frame(joined, 0, cut), "cut at " + cut);
        }
        assertEquals(one.length, codec.frame(joined, 0, one.length + 5));
        assertEquals(two.length, codec.frame(joined, one.length, two.length));
    }

    @Test
    void malformedInputGetsItsDefinedResult() {
        byte[] good = Workload.sampleNewOrderSingle(CL_ORD_ID, 2, T);
        String goodText = new String(good, StandardCharsets.US_ASCII);

        byte[] badChecksum = good.clone();
        badChecksum[good.length - 2] = (byte) (badChecksum[good.length - 2] == '0' ? '1' : '0');
        assertEquals(FixCodec.BAD_CHECKSUM, decode(badChecksum));

        byte[] wrongLength = goodText.replaceFirst("\u00019=\\d+", "\u00019=" + 150).getBytes(StandardCharsets.US_ASCII);
        assertEquals(FixCodec.BAD_BODY_LENGTH, decode(wrongLength));

        assertEquals(FixCodec.GARBLED, decode("8=FIX.4.2\u00019=5\u000135=D\u0001".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(FixCodec.GARBLED, decode("9=12\u000135=D\u0001".getBytes(StandardCharsets.US_ASCII)));

        assertEquals(FixCodec.INCORRECT_DATA_FORMAT,
                decode(fix("35=D|11=1|38=abc|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals(38, codec.errorTag());
        assertEquals(FixCodec.REQUIRED_TAG_MISSING, decode(fix("35=D|38=5|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals(11, codec.errorTag());
        assertEquals(FixCodec.TAG_WITHOUT_VALUE, decode(fix("35=D|11=|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals(FixCodec.TAG_APPEARS_MORE_THAN_ONCE,
                decode(fix("35=D|11=1|11=2|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals(FixCodec.VALUE_INCORRECT, decode(fix("35=D|11=1|40=2|54=Z|55=ACME|60=20261122-12:00:00|")));
        assertEquals(54, codec.errorTag());
        assertEquals(FixCodec.WRONG_MSG_TYPE, decode(fix("35=8|11=1|40=2|54=1|55=ACME|60=20261122-12:00:00|")));
        assertEquals(FixCodec.GARBLED, decode(fix("35=D|1x=1|"))); // a tag that is not a number: garbled

        byte[] oversize = fix("35=D|58=" + "x".repeat(2000) + "|");
        assertEquals(FixCodec.TOO_LARGE, decode(oversize));
    }

    @Test
    void randomBytesNeverThrowAndAlwaysGetADefinedResult() {
        Set<Integer> defined = Set.of(FixCodec.INCOMPLETE, FixCodec.GARBLED, FixCodec.BAD_BODY_LENGTH,
                FixCodec.BAD_CHECKSUM, FixCodec.TOO_LARGE);
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
            int framed = codec.frame(in, 0, bytes.length);
            if (framed > 0) {
                order.wrap(model, 0);
                int decoded = codec.decodeNewOrderSingle(in, order);
                assertTrue(decoded == 1 || (decoded < 0 && decoded >= FixCodec.VALUE_TOO_LONG), "decoded " + decoded);
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
        codec.frame(in, 0, length);
        order.wrap(model, 0);
        codec.decodeNewOrderSingle(in, order);
        orderView.wrap(model, 0, NewOrderSingleEncoder.BLOCK_LENGTH, NewOrderSingleEncoder.SCHEMA_VERSION);
        codec.encodeNewOrderSingle(orderView, CLIENT, SERVER, 2, time, 21, out, 0);
    }
}
