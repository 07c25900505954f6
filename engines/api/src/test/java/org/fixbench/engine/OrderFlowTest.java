package org.fixbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import org.fixbench.engine.Order.Kind;
import org.fixbench.engine.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrderFlowTest {
    @TempDir
    Path tmp;

    @Test
    void fixedIsTheWorkloadsOneLimitOrder() {
        OrderFlow flow = OrderFlow.parse("fixed");
        assertTrue(flow.isFixed());
        assertEquals(1, flow.size());
        Order o = flow.order(12_345);
        assertEquals(Kind.LIMIT, o.kind());
        assertEquals(Workload.SYMBOL, o.symbol());
        assertEquals(Workload.PRICE, o.price());
        assertEquals("", o.clOrdIdTail());
        assertNull(flow.mismatch("1234567", '0', '0', "ACME"));
    }

    @Test
    void lifecycleIsEachOrdersNewItsReplacesAndItsCancelChainedAsFixRequires() {
        OrderFlow flow = OrderFlow.parse("lifecycle");
        assertEquals("lifecycle:1:100", flow.name());
        assertEquals(300, flow.size());
        assertEquals(100, flow.count(Kind.LIMIT));
        assertEquals(100, flow.count(Kind.REPLACE));
        assertEquals(100, flow.count(Kind.CANCEL));
        OrderCursor cursor = new OrderCursor(flow);
        assertEquals(Kind.LIMIT, cursor.next(1_000).kind());
        assertEquals("1000-0", cursor.clOrdId().toString());
        Order replace = cursor.next(2_000);
        assertEquals(Kind.REPLACE, replace.kind());
        assertEquals("1000-0", cursor.origClOrdId().toString(), "the replace names the New");
        assertNotEquals(flow.order(0).price(), replace.price(), "a replace changes the price");
        assertEquals(Kind.CANCEL, cursor.next(3_000).kind());
        assertEquals("2000-1", cursor.origClOrdId().toString(), "the cancel names the replace, the order's latest");
        assertEquals(Kind.LIMIT, cursor.next(4_000).kind(), "then the next order's New");
        assertNull(flow.mismatch("3000-2", '4', '4', Workload.SYMBOL));
        assertNull(flow.mismatch("2000-1", '5', '0', Workload.SYMBOL));

        OrderFlow some = OrderFlow.parse("lifecycle:2:30");
        assertEquals(100, some.count(Kind.LIMIT));
        assertEquals(200, some.count(Kind.REPLACE));
        assertEquals(30, some.count(Kind.CANCEL), "30% of the orders cancelled");
        assertEquals(100, OrderFlow.parse("lifecycle:0:0").size(), "resting orders alone");
        assertEquals("--workload lifecycle:1:101: replaces must be 0-100 and the cancels' share 0-100 (percent)",
                assertThrows(IllegalArgumentException.class, () -> OrderFlow.parse("lifecycle:1:101")).getMessage());
        assertEquals("--workload lifecycle:x: not lifecycle:REPLACES:CANCEL_PERCENT (two whole numbers, e.g. "
                + "lifecycle:1:100)", assertThrows(IllegalArgumentException.class,
                () -> OrderFlow.parse("lifecycle:x")).getMessage());
    }

    @Test
    void mixedIsTheSameForTheSameSeedAndHoldsEveryKindNearItsShare() {
        OrderFlow a = OrderFlow.parse("mixed");
        OrderFlow b = OrderFlow.mixed(OrderFlow.DEFAULT_SEED);
        OrderFlow other = OrderFlow.parse("mixed:7");
        assertEquals("mixed:1", a.name());
        assertEquals(OrderFlow.MIXED_ORDERS, a.size());
        boolean differs = false;
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.order(i).toString(), b.order(i).toString());
            differs |= !a.order(i).toString().equals(other.order(i).toString());
        }
        assertTrue(differs, "another seed, other orders");
        assertEquals(Kind.LIMIT, a.order(0).kind(), "a session's first order is new: later cancels refer to it");
        for (Kind kind : Kind.values()) {
            int share = OrderFlow.MIXED_SHARES_PERCENT[kind.ordinal()] * a.size() / 100;
            int count = a.count(kind);
            assertTrue(Math.abs(count - share) < share / 4 + 10, kind + ": " + count + " of " + a.size());
        }
        Set<Integer> tails = new HashSet<>();
        Set<Integer> symbols = new HashSet<>();
        int withAccount = 0;
        for (int i = 0; i < a.size(); i++) {
            Order o = a.order(i);
            tails.add(o.clOrdIdTail().length());
            symbols.add(o.symbol().length());
            withAccount += o.account() == null ? 0 : 1;
            assertTrue(o.clOrdIdTail().length() <= OrderFlow.MAX_TAIL_LENGTH, o.toString());
            assertEquals(i, ClOrdIds.indexOf("1732500000000000000" + o.clOrdIdTail()), o.toString());
            assertEquals(o.kind().hasPrice(), o.price() != null, o.toString());
        }
        assertTrue(tails.size() > 5, "ClOrdIDs of many lengths: " + tails);
        assertTrue(symbols.size() > 5, "symbols of many lengths: " + symbols);
        assertTrue(withAccount > a.size() / 4 && withAccount < a.size() * 3 / 4, "Account optional: " + withAccount);
        assertEquals(a.order(3).toString(), a.order(3 + a.size()).toString(), "the cycle repeats");
    }

    @Test
    void aWrongAnswerIsNamedAndARightOneIsNot() {
        OrderFlow flow = OrderFlow.mixed(3);
        int cancel = -1;
        for (int i = 0; i < flow.size() && cancel < 0; i++) {
            cancel = flow.order(i).kind() == Kind.CANCEL ? i : -1;
        }
        Order o = flow.order(cancel);
        String clOrdId = "99" + o.clOrdIdTail();
        assertNull(flow.mismatch(clOrdId, '4', '4', o.symbol()));
        assertEquals("order " + cancel + " (OrderCancelRequest) answered with ExecType 0 and OrdStatus 0, expected 4"
                + " and 4", flow.mismatch(clOrdId, '0', '0', o.symbol()));
        assertNotEquals(null, flow.mismatch(clOrdId, '4', '4', o.symbol() + "X"));
        assertEquals("a report with ClOrdID 99, which names no order of workload mixed:3",
                flow.mismatch("99", '4', '4', o.symbol()));
        assertEquals(99, ClOrdIds.leadingNumber(clOrdId));
        assertEquals(-1, ClOrdIds.leadingNumber("-5"));
    }

    @Test
    void aLogIsReplayedInItsOrderWithItsFieldsAndNamedByItsHash() throws Exception {
        Path log = tmp.resolve("orders.log");
        Files.writeString(log, String.join("\n",
                "20261125-10:00:00.000 : 8=FIX.4.4|9=70|35=A|49=C|56=S|34=1|98=0|108=30|10=000|",
                "8=FIX.4.4\u00019=99\u000135=D\u000149=C\u000156=S\u000111=ORDER-0000000000000000001\u000155=VOD.L"
                        + "\u000154=2\u000138=500\u000140=2\u000144=1.2345\u00011=ACC\u000160=x\u000110=000\u0001",
                "",
                "8=FIX.4.4^A35=8^A11=ORDER-1^A150=0^A10=000^A",
                "8=FIX.4.4|35=D|11=B|55=IBM|54=1|38=100|40=1|59=3|10=000|",
                "8=FIX.4.4|35=F|11=C|41=B|55=IBM|54=1|38=100|10=000|",
                "8=FIX.4.4|35=G|11=D|41=ORDER-1|55=VOD.L|54=2|38=700|40=2|44=1.5|10=000|"));
        OrderFlow flow = OrderFlow.parse(log.toString());
        assertFalse(flow.isFixed());
        assertEquals(4, flow.size());
        assertTrue(flow.name().matches("file:orders\\.log sha256:[0-9a-f]{16}"), flow.name());
        assertEquals("0: NewOrderSingle (limit) VOD.L 2 500 @ 1.2345 account ACC tail '-0CDEF'",
                flow.order(0).toString(), "the tail keeps the log's ClOrdID length (25 = 19 digits + 6)");
        assertEquals("1: NewOrderSingle (market) IBM 1 100 tif 3 tail '-1'", flow.order(1).toString());
        assertEquals(Kind.CANCEL, flow.order(2).kind());
        assertEquals(Kind.REPLACE, flow.order(3).kind());
        assertEquals("1.5", flow.order(3).price());
        Files.writeString(log, Files.readString(log) + "\n");
        assertNotEquals(flow.name(), OrderFlow.parse(log.toString()).name(), "another file, another hash");
    }

    @Test
    void aBadLogIsRefusedInOneLineNamingTheLine() throws Exception {
        assertRefused("hello world\n", "orders.log:1: not a FIX message (no 8=FIX on the line)");
        assertRefused("8=FIX.4.4|35=A|10=000|\n8=FIX.4.4|35=V|262=1|10=000|\n", "orders.log:2: MsgType V is not one"
                + " the workload can answer (D NewOrderSingle, F OrderCancelRequest, G OrderCancelReplaceRequest)");
        assertRefused("8=FIX.4.4|35=D|11=A|54=1|38=100|40=2|44=1|10=000|\n", "orders.log:1: no Symbol (55)");
        assertRefused("8=FIX.4.4|35=D|11=A|55=ABCDEFGHIJKLMNOPQ|54=1|38=100|40=2|44=1|10=000|\n",
                "orders.log:1: Symbol (55) ABCDEFGHIJKLMNOPQ is longer than 16 characters, more than every engine"
                        + " carries");
        assertRefused("8=FIX.4.4|35=D|11=A|55=X|54=1|38=1.5|40=2|44=1|10=000|\n",
                "orders.log:1: OrderQty (38) 1.5 is not a whole number of at most 9 digits");
        assertRefused("8=FIX.4.4|35=D|11=A|55=X|54=1|38=1|40=3|44=1|10=000|\n",
                "orders.log:1: OrdType (40) 3 is not one the workload sends (1 market, 2 limit)");
        assertRefused("8=FIX.4.4|35=0|10=000|\n", "--workload " + tmp.resolve("orders.log") + ": holds no"
                + " NewOrderSingle (D), OrderCancelRequest (F) or OrderCancelReplaceRequest (G) to replay");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> OrderFlow.parse(tmp.resolve("none.log").toString()));
        assertTrue(missing.getMessage().endsWith("none.log: no such file (fixed, mixed, mixed:SEED, lifecycle, "
                + "lifecycle:REPLACES:CANCEL_PERCENT, a FIX log file or paced:FILE)"), missing.getMessage());
        assertEquals("--workload mixed:x: the seed is not a whole number",
                assertThrows(IllegalArgumentException.class, () -> OrderFlow.parse("mixed:x")).getMessage());
    }

    @Test
    void aPacedReplayKeepsTheGapsBetweenTheLogsSendingTimes() throws Exception {
        Path log = tmp.resolve("orders.log");
        Files.writeString(log, String.join("\n",
                "8=FIX.4.4|35=A|52=20261125-09:59:59|10=000|",
                "8=FIX.4.4|35=D|52=20261125-10:00:00.000|11=A|55=X|54=1|38=1|40=2|44=1|10=000|",
                "8=FIX.4.4|35=D|52=20261125-10:00:00.000250|11=B|55=X|54=1|38=1|40=1|10=000|",
                "8=FIX.4.4|35=8|52=20261125-10:00:05|11=B|150=0|10=000|",
                "8=FIX.4.4|35=F|11=C|41=B|55=X|54=1|38=1|60=20261125-10:00:00.001000000|10=000|"));
        OrderFlow paced = OrderFlow.parse("paced:" + log);
        assertTrue(paced.isPaced());
        assertTrue(paced.name().endsWith(" paced"), paced.name());
        assertEquals(3, paced.size());
        // gaps 250 us and 750 us, then the mean gap (500 us) back to the first: 3 orders in 1.5 ms, 2,000/s
        assertEquals(org.fixbench.harness.api.Pacing.ofGaps(new long[] {250_000, 750_000, 500_000}, 4), paced.pacing(4));
        assertEquals(2_000.0, paced.recordedRatePerSecond(), 1e-9);
        assertTrue(paced.describe().contains("the log's own mean: 2,000.0 orders/s a session"), paced.describe());
        OrderFlow even = OrderFlow.parse(log.toString());
        assertFalse(even.isPaced());
        assertEquals(org.fixbench.harness.api.Pacing.EVEN, even.pacing(4));
        assertEquals(0.0, even.recordedRatePerSecond());
        assertEquals(org.fixbench.harness.api.Pacing.EVEN, OrderFlow.mixed(3).pacing(1));
    }

    @Test
    void aLogThatCannotBePacedIsRefusedInOneLineNamingTheLine() throws Exception {
        String order = "|11=A|55=X|54=1|38=1|40=1|10=000|\n";
        assertRefused("paced:", "8=FIX.4.4|35=D" + order, "orders.log:1: no SendingTime (52) or TransactTime (60) to"
                + " pace the replay by");
        assertRefused("paced:", "8=FIX.4.4|35=D|52=20261125-10:00" + order, "orders.log:1: SendingTime (52)"
                + " 20261125-10:00 is not a UTC timestamp (YYYYMMDD-HH:MM:SS, with 0, 3, 6 or 9 decimals)");
        assertRefused("paced:", "8=FIX.4.4|35=D|52=20261125-10:00:01" + order + "8=FIX.4.4|35=D|52=20261125-10:00:00"
                + order, "orders.log:2: the order's time 20261125-10:00:00 is earlier than the order's before it: a"
                + " paced replay needs the log in time order");
        assertRefused("paced:", "8=FIX.4.4|35=D|52=20261325-10:00:00" + order, "orders.log:1: SendingTime (52)"
                + " 20261325-10:00:00 is not a UTC timestamp (YYYYMMDD-HH:MM:SS, with 0, 3, 6 or 9 decimals)");
        assertRefused("paced:", "8=FIX.4.4|35=D|52=20261125-10:00:00" + order + "8=FIX.4.4|35=D|52=20261125-10:00:00"
                + order, "--workload paced:" + tmp.resolve("orders.log") + ": every order at the same instant, no"
                + " pacing to replay (replay it without paced:)");
        assertRefused("paced:", "8=FIX.4.4|35=D|52=20261125-10:00:00" + order, "--workload paced:"
                + tmp.resolve("orders.log") + ": one order, no pacing to replay (replay it without paced:)");
        assertEquals("--workload paced:: no file after paced:",
                assertThrows(IllegalArgumentException.class, () -> OrderFlow.parse("paced:")).getMessage());
    }

    private void assertRefused(String content, String message) throws Exception {
        assertRefused("", content, message);
    }

    private void assertRefused(String prefix, String content, String message) throws Exception {
        Path log = tmp.resolve("orders.log");
        Files.writeString(log, content);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OrderFlow.parse(prefix + log));
        assertEquals(message.startsWith("orders.log") ? tmp + "/" + message : message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }
}
