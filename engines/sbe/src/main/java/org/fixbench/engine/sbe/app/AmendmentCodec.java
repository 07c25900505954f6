package org.fixbench.engine.sbe.app;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.RejectReason;
import org.fixbench.engine.sbe.model.DecimalDecoder;
import org.fixbench.engine.sbe.model.DecimalEncoder;
import org.fixbench.engine.sbe.model.HandlInst;
import org.fixbench.engine.sbe.model.OrderCancelReplaceRequestDecoder;
import org.fixbench.engine.sbe.model.OrderCancelReplaceRequestEncoder;
import org.fixbench.engine.sbe.model.OrderCancelRequestDecoder;
import org.fixbench.engine.sbe.model.OrderCancelRequestEncoder;
import org.fixbench.engine.sbe.model.TimeInForce;

/**
 * OrderCancelRequest (F) and OrderCancelReplaceRequest (G), FIX 4.4 tag=value ⇄ the SBE model, allocating nothing.
 * One field walk serves both: a {@link Layout} says where each tag lives in a message's block (or that the message
 * does not carry it) and which tags it requires. The walk reports the first fault in the session's words, as
 * {@link OrderCodec} does for a NewOrderSingle.
 *
 * <p>Not thread-safe: one instance per thread.
 */
public final class AmendmentCodec {
    /** Where each field of one model message lives in its block; -1 where the message has no such field. */
    public static final class Layout {
        final byte msgType;
        final int clOrdId;
        final int origClOrdId;
        final int account;
        final int handlInst;
        final int orderQty;
        final int ordType;
        final int price;
        final int side;
        final int symbol;
        final int timeInForce;
        final int transactTime;
        final int idLength;
        final int textLength;
        final int timeLength;
        final int blockLength;
        final int[] required;

        Layout(char msgType, int clOrdId, int origClOrdId, int account, int handlInst, int orderQty, int ordType,
               int price, int side, int symbol, int timeInForce, int transactTime, int idLength, int textLength,
               int timeLength, int blockLength, int... required) {
            this.msgType = (byte) msgType;
            this.clOrdId = clOrdId;
            this.origClOrdId = origClOrdId;
            this.account = account;
            this.handlInst = handlInst;
            this.orderQty = orderQty;
            this.ordType = ordType;
            this.price = price;
            this.side = side;
            this.symbol = symbol;
            this.timeInForce = timeInForce;
            this.transactTime = transactTime;
            this.idLength = idLength;
            this.textLength = textLength;
            this.timeLength = timeLength;
            this.blockLength = blockLength;
            this.required = required;
        }

        /** The block's length in the model. */
        public int blockLength() {
            return blockLength;
        }
    }

    /**
     * FIX 4.4 OrderCancelRequest: ClOrdID, OrigClOrdID, Side, TransactTime and Symbol required (FIX44.xml), and
     * OrderQty, which the report echoes.
     */
    public static final Layout CANCEL = new Layout('F', OrderCancelRequestEncoder.clOrdIdEncodingOffset(),
            OrderCancelRequestEncoder.origClOrdIdEncodingOffset(), OrderCancelRequestEncoder.accountEncodingOffset(),
            -1, OrderCancelRequestEncoder.orderQtyEncodingOffset(), -1, -1,
            OrderCancelRequestEncoder.sideEncodingOffset(), OrderCancelRequestEncoder.symbolEncodingOffset(), -1,
            OrderCancelRequestEncoder.transactTimeEncodingOffset(), OrderCancelRequestEncoder.clOrdIdLength(),
            OrderCancelRequestEncoder.symbolLength(), OrderCancelRequestEncoder.transactTimeLength(),
            OrderCancelRequestEncoder.BLOCK_LENGTH, 11, 41, 54, 60, 55, 38);

    /**
     * FIX 4.4 OrderCancelReplaceRequest: ClOrdID, OrigClOrdID, Side, TransactTime, OrdType and Symbol required
     * (FIX44.xml), and OrderQty, which the report echoes.
     */
    public static final Layout REPLACE = new Layout('G', OrderCancelReplaceRequestEncoder.clOrdIdEncodingOffset(),
            OrderCancelReplaceRequestEncoder.origClOrdIdEncodingOffset(),
            OrderCancelReplaceRequestEncoder.accountEncodingOffset(),
            OrderCancelReplaceRequestEncoder.handlInstEncodingOffset(),
            OrderCancelReplaceRequestEncoder.orderQtyEncodingOffset(),
            OrderCancelReplaceRequestEncoder.ordTypeEncodingOffset(),
            OrderCancelReplaceRequestEncoder.priceEncodingOffset(),
            OrderCancelReplaceRequestEncoder.sideEncodingOffset(),
            OrderCancelReplaceRequestEncoder.symbolEncodingOffset(),
            OrderCancelReplaceRequestEncoder.timeInForceEncodingOffset(),
            OrderCancelReplaceRequestEncoder.transactTimeEncodingOffset(),
            OrderCancelReplaceRequestEncoder.clOrdIdLength(), OrderCancelReplaceRequestEncoder.symbolLength(),
            OrderCancelReplaceRequestEncoder.transactTimeLength(), OrderCancelReplaceRequestEncoder.BLOCK_LENGTH,
            11, 41, 54, 60, 40, 55, 38);

    private static final String VALUE_TOO_LONG_TEXT = "Value too long for the model";

    private RejectReason failure;
    private int errorTag;
    private boolean tooLong;

    /** Why the last decode failed, as the session rejects it; null after a success. */
    public RejectReason failure() {
        return failure;
    }

    /** The tag the last failure concerns. */
    public int errorTag() {
        return errorTag;
    }

    /** The Text (58) of the Reject for the last failure. */
    public String failureText() {
        return failure == null ? null : tooLong ? VALUE_TOO_LONG_TEXT : failure.textFor(errorTag);
    }

    /**
     * Parses an indexed message of {@code layout}'s type into the model block at {@code offset} of {@code model}
     * (room for {@link Layout#blockLength()} checked by the caller). False, with {@link #failure()}, on the first
     * fault in field order; fields the message leaves out are cleared (texts NUL, decimals null, HandlInst null,
     * TimeInForce Day).
     */
    public boolean decode(FixMessage message, Layout layout, MutableDirectBuffer model, int offset) {
        failure = null;
        errorTag = 0;
        tooLong = false;
        DirectBuffer buffer = message.buffer();
        int seen = 0;
        for (int f = 2, count = message.count(); f < count; f++) {
            int tag = message.tag(f);
            int start = message.start(f);
            int length = message.length(f);
            if (length == 0) {
                return fail(RejectReason.TAG_WITHOUT_VALUE, tag);
            }
            int bit = bitOf(tag);
            if (bit != 0) {
                if ((seen & bit) != 0) {
                    return fail(RejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
                }
                seen |= bit;
            }
            boolean ok = switch (tag) {
                case 35 -> length == 1 && buffer.getByte(start) == layout.msgType
                        || fail(RejectReason.INVALID_MSGTYPE, tag);
                case 11 -> text(buffer, start, length, model, offset + layout.clOrdId, layout.idLength, tag);
                case 41 -> text(buffer, start, length, model, offset + layout.origClOrdId, layout.idLength, tag);
                case 1 -> text(buffer, start, length, model, offset + layout.account, layout.textLength, tag);
                case 55 -> text(buffer, start, length, model, offset + layout.symbol, layout.textLength, tag);
                case 60 -> text(buffer, start, length, model, offset + layout.transactTime, layout.timeLength, tag);
                case 54 -> character(buffer, start, length, '1', '9', model, offset + layout.side, tag);
                case 21 -> layout.handlInst < 0
                        || character(buffer, start, length, '1', '3', model, offset + layout.handlInst, tag);
                case 40 -> layout.ordType < 0
                        || character(buffer, start, length, '1', '4', model, offset + layout.ordType, tag);
                case 59 -> layout.timeInForce < 0
                        || character(buffer, start, length, '0', '7', model, offset + layout.timeInForce, tag);
                case 38 -> decimal(buffer, start, length, model, offset + layout.orderQty, tag);
                case 44 -> layout.price < 0 || decimal(buffer, start, length, model, offset + layout.price, tag);
                default -> true; // header and fields the model does not carry
            };
            if (!ok) {
                return false;
            }
        }
        for (int tag : layout.required) {
            if ((seen & bitOf(tag)) == 0) {
                return fail(RejectReason.REQUIRED_TAG_MISSING, tag);
            }
        }
        // a field the message leaves out must not keep the previous message's value
        if ((seen & bitOf(1)) == 0) {
            model.setMemory(offset + layout.account, layout.textLength, (byte) 0);
        }
        if (layout.price >= 0 && (seen & bitOf(44)) == 0) {
            model.putLong(offset + layout.price + DecimalEncoder.mantissaEncodingOffset(),
                    DecimalEncoder.mantissaNullValue(), java.nio.ByteOrder.LITTLE_ENDIAN);
            model.putByte(offset + layout.price + DecimalEncoder.exponentEncodingOffset(),
                    DecimalEncoder.exponentNullValue());
        }
        if (layout.handlInst >= 0 && (seen & bitOf(21)) == 0) {
            model.putByte(offset + layout.handlInst, HandlInst.NULL_VAL.value());
        }
        if (layout.timeInForce >= 0 && (seen & bitOf(59)) == 0) {
            model.putByte(offset + layout.timeInForce, TimeInForce.Day.value());
        }
        return true;
    }

    private boolean fail(RejectReason reason, int tag) {
        failure = reason;
        errorTag = tag;
        return false;
    }

    private static int bitOf(int tag) {
        return switch (tag) {
            case 35 -> 1;
            case 11 -> 1 << 1;
            case 41 -> 1 << 2;
            case 1 -> 1 << 3;
            case 21 -> 1 << 4;
            case 38 -> 1 << 5;
            case 40 -> 1 << 6;
            case 44 -> 1 << 7;
            case 54 -> 1 << 8;
            case 55 -> 1 << 9;
            case 59 -> 1 << 10;
            case 60 -> 1 << 11;
            default -> 0;
        };
    }

    private boolean text(DirectBuffer buffer, int start, int length, MutableDirectBuffer model, int at, int capacity,
                         int tag) {
        if (length > capacity) {
            tooLong = true;
            return fail(RejectReason.OTHER, tag);
        }
        model.putBytes(at, buffer, start, length);
        if (length < capacity) {
            model.setMemory(at + length, capacity - length, (byte) 0);
        }
        return true;
    }

    private boolean character(DirectBuffer buffer, int start, int length, char low, char high,
                              MutableDirectBuffer model, int at, int tag) {
        byte v = buffer.getByte(start);
        if (length != 1 || v < low || v > high) {
            return fail(RejectReason.VALUE_INCORRECT, tag);
        }
        model.putByte(at, v);
        return true;
    }

    private boolean decimal(DirectBuffer buffer, int start, int length, MutableDirectBuffer model, int at, int tag) {
        long mantissa = 0;
        int exponent = 0;
        int digits = 0;
        boolean negative = false;
        boolean point = false;
        for (int k = 0; k < length; k++) {
            byte b = buffer.getByte(start + k);
            if (k == 0 && b == '-') {
                negative = true;
            } else if (b == '.' && !point) {
                point = true;
            } else if (b >= '0' && b <= '9' && ++digits <= 18) {
                mantissa = mantissa * 10 + (b - '0');
                exponent -= point ? 1 : 0;
            } else {
                return fail(RejectReason.INCORRECT_DATA_FORMAT, tag);
            }
        }
        if (digits == 0 || exponent < -18) {
            return fail(RejectReason.INCORRECT_DATA_FORMAT, tag);
        }
        model.putLong(at + DecimalEncoder.mantissaEncodingOffset(), negative ? -mantissa : mantissa,
                java.nio.ByteOrder.LITTLE_ENDIAN);
        model.putByte(at + DecimalEncoder.exponentEncodingOffset(), (byte) exponent);
        return true;
    }

    // ------------------------------------------------------------------ encoding

    /** Appends an OrderCancelRequest's body fields, in tag order, from the model. */
    public static void cancelBody(OrderCancelRequestDecoder cancel, FixWriter w) {
        int o = cancel.offset();
        DirectBuffer b = cancel.buffer();
        if (b.getByte(o + OrderCancelRequestDecoder.accountEncodingOffset()) != 0) {
            w.textField(1, b, o + OrderCancelRequestDecoder.accountEncodingOffset(),
                    OrderCancelRequestDecoder.accountLength());
        }
        w.textField(11, b, o + OrderCancelRequestDecoder.clOrdIdEncodingOffset(),
                OrderCancelRequestDecoder.clOrdIdLength());
        w.decimalField(38, cancel.orderQty().mantissa(), cancel.orderQty().exponent());
        w.textField(41, b, o + OrderCancelRequestDecoder.origClOrdIdEncodingOffset(),
                OrderCancelRequestDecoder.origClOrdIdLength());
        w.charField(54, cancel.sideRaw());
        w.textField(55, b, o + OrderCancelRequestDecoder.symbolEncodingOffset(),
                OrderCancelRequestDecoder.symbolLength());
        w.textField(60, b, o + OrderCancelRequestDecoder.transactTimeEncodingOffset(),
                OrderCancelRequestDecoder.transactTimeLength());
    }

    /** Appends an OrderCancelReplaceRequest's body fields, in tag order, from the model. */
    public static void replaceBody(OrderCancelReplaceRequestDecoder replace, FixWriter w) {
        int o = replace.offset();
        DirectBuffer b = replace.buffer();
        if (b.getByte(o + OrderCancelReplaceRequestDecoder.accountEncodingOffset()) != 0) {
            w.textField(1, b, o + OrderCancelReplaceRequestDecoder.accountEncodingOffset(),
                    OrderCancelReplaceRequestDecoder.accountLength());
        }
        w.textField(11, b, o + OrderCancelReplaceRequestDecoder.clOrdIdEncodingOffset(),
                OrderCancelReplaceRequestDecoder.clOrdIdLength());
        if (replace.handlInst() != HandlInst.NULL_VAL) {
            w.charField(21, replace.handlInstRaw());
        }
        w.decimalField(38, replace.orderQty().mantissa(), replace.orderQty().exponent());
        w.charField(40, replace.ordTypeRaw());
        w.textField(41, b, o + OrderCancelReplaceRequestDecoder.origClOrdIdEncodingOffset(),
                OrderCancelReplaceRequestDecoder.origClOrdIdLength());
        if (replace.price().mantissa() != DecimalDecoder.mantissaNullValue()) {
            w.decimalField(44, replace.price().mantissa(), replace.price().exponent());
        }
        w.charField(54, replace.sideRaw());
        w.textField(55, b, o + OrderCancelReplaceRequestDecoder.symbolEncodingOffset(),
                OrderCancelReplaceRequestDecoder.symbolLength());
        if (replace.timeInForceRaw() != TimeInForce.NULL_VAL.value()) {
            w.charField(59, replace.timeInForceRaw());
        }
        w.textField(60, b, o + OrderCancelReplaceRequestDecoder.transactTimeEncodingOffset(),
                OrderCancelReplaceRequestDecoder.transactTimeLength());
    }
}
