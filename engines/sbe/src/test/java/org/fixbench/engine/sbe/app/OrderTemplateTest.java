package org.fixbench.engine.sbe.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.UtcTimeWriter;
import org.fixbench.engine.sbe.model.DecimalEncoder;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.junit.jupiter.api.Test;

/**
 * The differential test of the client's NewOrderSingle template ({@link OrderTemplate}): for generated orders (with
 * and without their optional fields) and generated ClOrdIDs and times, its body must be byte for byte what the model's
 * encoder ({@link OrderCodec#newOrderSingleBody}) writes with that ClOrdID and TransactTime in the model.
 */
class OrderTemplateTest {
    private static final int ORDERS = 200;
    private static final int PER_ORDER = 100;
    private static final String TEXT = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._/";

    @Test
    void generatedOrdersGiveTheModelEncodersBytes() {
        Random random = new Random(20261128);
        FixWriter templateOut = new FixWriter(4096);
        FixWriter referenceOut = new FixWriter(4096);
        UtcTimeWriter time = new UtcTimeWriter();
        int compared = 0;
        for (int i = 0; i < ORDERS; i++) {
            UnsafeBuffer buffer = new UnsafeBuffer(new byte[NewOrderSingleEncoder.BLOCK_LENGTH + 8]);
            NewOrderSingleEncoder order = new NewOrderSingleEncoder().wrap(buffer, 0);
            if (random.nextInt(4) != 0) {
                order.account(text(random, 1 + random.nextInt(NewOrderSingleEncoder.accountLength())));
            }
            buffer.putByte(NewOrderSingleEncoder.handlInstEncodingOffset(),
                    random.nextInt(4) == 0 ? 0 : (byte) ('1' + random.nextInt(3)));
            decimal(random, order.orderQty(), false);
            buffer.putByte(NewOrderSingleEncoder.ordTypeEncodingOffset(), (byte) ('1' + random.nextInt(4)));
            decimal(random, order.price(), random.nextInt(4) == 0);
            buffer.putByte(NewOrderSingleEncoder.sideEncodingOffset(), (byte) ('1' + random.nextInt(9)));
            order.symbol(text(random, 1 + random.nextInt(NewOrderSingleEncoder.symbolLength())));
            buffer.putByte(NewOrderSingleEncoder.timeInForceEncodingOffset(),
                    random.nextInt(4) == 0 ? 0 : (byte) ('0' + random.nextInt(8)));
            NewOrderSingleDecoder view = new NewOrderSingleDecoder().wrap(buffer, 0,
                    NewOrderSingleEncoder.BLOCK_LENGTH, NewOrderSingleEncoder.SCHEMA_VERSION);
            OrderTemplate template = new OrderTemplate(view);
            for (int k = 0; k < PER_ORDER; k++) {
                long clOrdId = switch (random.nextInt(4)) {
                    case 0 -> random.nextInt(1_000);
                    case 1 -> Long.MAX_VALUE - random.nextInt(1_000);
                    default -> random.nextLong() & Long.MAX_VALUE;
                };
                long nowMillis = (long) (random.nextDouble() * 4_102_444_800_000L); // 1970 to 2100
                template.body(templateOut.reset(), clOrdId, nowMillis);
                // the reference: ClOrdID and TransactTime put in the model, the body written from it
                int at = NewOrderSingleEncoder.clOrdIdEncodingOffset();
                int length = buffer.putLongAscii(at, clOrdId);
                buffer.setMemory(at + length, NewOrderSingleEncoder.clOrdIdLength() - length, (byte) 0);
                at = NewOrderSingleEncoder.transactTimeEncodingOffset();
                length = time.format(nowMillis, buffer, at);
                buffer.setMemory(at + length, NewOrderSingleEncoder.transactTimeLength() - length, (byte) 0);
                OrderCodec.newOrderSingleBody(view, referenceOut.reset());
                assertEquals(body(referenceOut), body(templateOut));
                compared++;
            }
        }
        assertEquals(ORDERS * PER_ORDER, compared);
    }

    private static void decimal(Random random, DecimalEncoder d, boolean absent) {
        if (absent) {
            d.mantissa(DecimalEncoder.mantissaNullValue()).exponent(DecimalEncoder.exponentNullValue());
            return;
        }
        long mantissa = random.nextInt(3) == 0 ? random.nextInt(100) : (long) (random.nextDouble() * 1e12);
        d.mantissa(random.nextInt(10) == 0 ? -mantissa : mantissa).exponent((byte) -random.nextInt(7));
    }

    private static String text(Random random, int length) {
        StringBuilder s = new StringBuilder(length);
        for (int k = 0; k < length; k++) {
            s.append(TEXT.charAt(random.nextInt(TEXT.length())));
        }
        return s.toString();
    }

    private static String body(FixWriter w) {
        byte[] bytes = new byte[w.bodyLength()];
        for (int k = 0; k < bytes.length; k++) {
            bytes[k] = w.bodyByte(k);
        }
        return new String(bytes, StandardCharsets.ISO_8859_1).replace('\u0001', '|');
    }
}
