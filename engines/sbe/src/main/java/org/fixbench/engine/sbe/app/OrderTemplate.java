package org.fixbench.engine.sbe.app;

import java.nio.charset.StandardCharsets;

import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.UtcTimeWriter;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;

/**
 * A NewOrderSingle whose fields are all fixed but ClOrdID and TransactTime (the client's order of the fixed flow), as
 * a template: the body {@link OrderCodec#newOrderSingleBody} writes from the order's SBE model, laid out once, so per
 * order only the ClOrdID (a number) and the TransactTime are written between two runs of constant bytes. The same
 * bytes as the model's encoder ({@code OrderTemplateTest} checks them over generated orders). Allocation-free once
 * made; one per sending thread.
 */
public final class OrderTemplate {
    /** The body up to ClOrdID's value: "1=ACCOUNT SOH 11=" (or "11=" without an Account). */
    private final FixWriter.Constant head;
    /** From the field after ClOrdID to TransactTime's "60=". */
    private final FixWriter.Constant middle;
    private final UtcTimeWriter transactTime = new UtcTimeWriter();

    /**
     * Lays out the body of {@code order} (its ClOrdID and TransactTime are ignored: per order, {@link #body} writes
     * them).
     */
    public OrderTemplate(NewOrderSingleDecoder order) {
        // the model's encoder writes the body once with an empty ClOrdID and TransactTime; the template is cut there
        org.agrona.concurrent.UnsafeBuffer copy = new org.agrona.concurrent.UnsafeBuffer(
                new byte[order.buffer().capacity()]);
        copy.putBytes(0, order.buffer(), 0, copy.capacity());
        copy.setMemory(order.offset() + NewOrderSingleDecoder.clOrdIdEncodingOffset(),
                NewOrderSingleDecoder.clOrdIdLength(), (byte) 0);
        copy.setMemory(order.offset() + NewOrderSingleDecoder.transactTimeEncodingOffset(),
                NewOrderSingleDecoder.transactTimeLength(), (byte) 0);
        NewOrderSingleDecoder blank = new NewOrderSingleDecoder().wrap(copy, order.offset(),
                NewOrderSingleDecoder.BLOCK_LENGTH, NewOrderSingleDecoder.SCHEMA_VERSION);
        FixWriter w = new FixWriter(4096).reset();
        OrderCodec.newOrderSingleBody(blank, w);
        byte[] body = new byte[w.bodyLength()];
        for (int k = 0; k < body.length; k++) {
            body[k] = w.bodyByte(k);
        }
        String text = new String(body, StandardCharsets.ISO_8859_1);
        int clOrdId = text.startsWith("11=") ? 3 : text.indexOf("\u000111=") + 4;
        if (clOrdId < 3 || text.charAt(clOrdId) != '\u0001' || !text.endsWith("\u000160=\u0001")) {
            throw new IllegalStateException("the NewOrderSingle's body does not fit the template (ClOrdID, then"
                    + " TransactTime last): " + text.replace('\u0001', '|'));
        }
        head = FixWriter.Constant.of(text.substring(0, clOrdId));
        middle = FixWriter.Constant.of(text.substring(clOrdId + 1, text.length() - 1));
    }

    /** Writes the order's body into {@code w}, a message begun: ClOrdID {@code clOrdId}, TransactTime as given. */
    public void body(FixWriter w, long clOrdId, long transactTimeMillis) {
        w.constant(head).longValue(clOrdId).constant(middle).timeValue(transactTime, transactTimeMillis);
    }
}
